import type { FIELD_SUPPORT_EN } from '../en/field.ts';

// 简体中文（新加坡）: Settings → About (logs, support bundle) and the app's window titles and start-up box. Same keys as ../en/field.ts.

export const FIELD_SUPPORT_ZH_HANS: Readonly<Record<keyof typeof FIELD_SUPPORT_EN, string>> = {
  'settings.tab.about': '关于',
  'about.logsTitle': '日志',
  'about.logsWhere': '这台收银机把日志写入以下文件夹：',
  'about.logsHint': '每个日志只保留最新的五个文件，每个 5 MB。日志中从不写入任何密钥、PIN、钥匙或令牌。',
  'about.logsUnknown': '目前无法显示日志文件夹。',
  'about.bundleTitle': '支持数据包',
  'about.bundleHint':
    '一个 .zip 文件，交给负责支持这台收银机的人员：包括日志、不含密钥的设置、付款记录的健康状况和状态栏。其中不含任何密钥，也不含任何顾客姓名。',
  'about.saveBundle': '保存支持数据包',
  'about.savingBundle': '正在保存…',
  'about.bundleSaved': '已保存支持数据包（{size}）：',
  'about.chainBroken': '本机的记录与其审计链不相符。',
  'about.chainTitle': '可证明的记录',
  'about.chainHint':
    '每笔付款、退款、取消及每个班次在写入时即串连到付款记录的审计链：事后被更改或删除的记录会在“检查本机”中显示。审计师可用 `npm run verify-journal -- --export 文件` 及此密钥检查导出文件。',
  'about.chainKey': '本机密钥：',
  'about.chainHead': '最后一项：',
  'about.exportChain': '导出给审计师',
  'about.exportingChain': '正在导出…',
  'about.chainExported': '已保存签名的导出文件（{entries} 项）：',
  'shell.window.cashier': 'Wallet POS',
  'shell.window.customerDisplay': 'Wallet POS — 顾客显示屏',
  'shell.window.consent': '绑定顾客 — 电子钱包授权',
  'shell.startFailed.title': 'Wallet POS 无法启动',
  'shell.startFailed.body': '付款核心未能启动：{reason}',
};
