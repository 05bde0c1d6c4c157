import type { JOURNAL_EN } from '../en/journal.ts';

// 简体中文（新加坡）: the lost-journal screen and its status-bar item. Same keys as ../en/journal.ts.

export const JOURNAL_ZH_HANS: Readonly<Record<keyof typeof JOURNAL_EN, string>> = {
  'journal.status': '记录文件有问题：已暂停收款',
  'journal.statusOpen': '启动时有记录文件被拒。开启处理方法',
  'journal.title': '已暂停收款：记录文件并非此收银机所写的那一份',
  'journal.name.payments': '付款记录文件（店内付款）',
  'journal.name.customers': '已绑定顾客记录文件（扣款及预授权）',
  'journal.kind.missing': '文件不见了。',
  'journal.kind.empty': '文件是空的。',
  'journal.kind.replaced': '文件是另一份记录文件，并非此收银机所写的那一份。',
  'journal.kind.behind': '文件是此收银机记录文件的旧副本。',
  'journal.kind.corrupt': '文件已损坏。',
  'journal.kind.mark-unreadable': '无法读取收银机对此记录文件的自身记录（旁边的 .mark 文件），因此无法核对记录文件。',
  'journal.recorded': '此收银机曾写入 {writes} 项变更，最后一项在 {at}。',
  'journal.recordedNever': '此收银机已创建此记录文件，但尚未写入。',
  'journal.found': '文件内有 {writes} 项变更，最后一项在 {at}。',
  'journal.foundNone': '文件内没有此收银机能辨认的变更。',
  'journal.missingSince':
    '文件缺少 {missing} 项变更：{at} 之后记录的付款、退款及预授权在此收银机上不见了。支付商的商户后台列出其收到的所有交易。',
  'journal.allMissing': '此收银机在该处记录的所有内容都已从这台电脑消失。支付商的商户后台列出其收到的所有交易。',
  'journal.detail': 'SQLite 信息：{detail}',
  'journal.file': '文件：{path}',
  'journal.refused': '问题解决前，此收银机不会在这方面收取任何款项：因为无法安全地记录。',
  'journal.restoreHelp':
    '还原方法：把此记录文件的备份复制到上述文件（如备份有 -wal 文件，一并复制），然后按“再次检查”。',
  'journal.recheck': '再次检查',
  'journal.accept': '保留此文件现状',
  'journal.acceptHelp': '现有文件将成为此收银机的记录文件；其缺少的内容仍然缺少。此操作会记录在记录文件内。',
  'journal.startNew': '开始新记录文件',
  'journal.startNewHelp':
    '现有文件会被移到一旁（以今天日期重新命名，绝不删除），并开始一份空白记录文件。此操作会记录在新记录文件内。',
  'journal.confirmStartNew': '要开始一份新的空白记录文件吗？现有文件会保留在一旁，但此收银机将不会显示其中的付款。',
  'journal.confirm': '是，开始新记录文件',
  'journal.cancel': '取消',
  'journal.adminNeeded': '此操作须由管理员以管理员密码确认。',
  'journal.unlockAndDo': '以管理员密码确认',
  'journal.stillRefused': '已再次检查：记录文件仍然被拒。',
  'journal.resolved': '记录文件已恢复正常，可以再次收款。',
};
