import type { UPDATES_EN } from '../en/updates.ts';

// 更新及这台电脑的文字（设置 → 更新）。展开于 screens.ts。

export const UPDATES_ZH_HANS: Readonly<Record<keyof typeof UPDATES_EN, string>> = {
  'settings.tab.updates': '更新',
  'settings.section.updates': '更新',
  'settings.section.machine': '这台电脑',
  'updates.running': '这台收银机正在运行版本 {version}。',
  'updates.phase.off': '未设置更新源：这台收银机不会检查更新。',
  'updates.phase.unavailable': '更新只会在应用程序中安装，在浏览器中运行时不会安装。',
  'updates.phase.idle': '已是最新版本。',
  'updates.phase.checking': '正在检查更新…',
  'updates.phase.downloading': '正在后台下载版本 {version}。付款照常进行。',
  'updates.phase.installing': '正在重启以安装版本 {version}…',
  'updates.notInRollout': '版本 {version} 会先推送给部分收银机；这台收银机会在稍后阶段收到。',
  'updates.waiting': '版本 {version} 已下载并通过校验。',
  'updates.installAt': '它会在 {time}（维护时段）自动安装，前提是届时没有未完成的付款。',
  'updates.installNowInWindow': '现在是维护时段：一旦没有未完成的付款，就会自动安装。',
  'updates.held.payment-open': '等待中：仍有一笔付款未完成。',
  'updates.held.payment-in-doubt': '等待中：仍在向支付商确认一笔付款的结果。',
  'updates.held.outside-window': '等待维护时段。',
  'updates.checked': '上次检查：{time}。下次检查：{next}。',
  'updates.notChecked': '尚未检查。',
  'updates.problem.feed': '无法读取或识别更新源（{time}）。这台收银机会继续运行版本 {running}，并在下次检查时重试。',
  'updates.problem.download':
    '下载版本 {version} 失败（{time}）。这台收银机会继续运行版本 {running}，并在下次检查时重试。',
  'updates.problem.verify':
    '已拒绝版本 {version}（{time}）：下载的文件与更新源的校验值或签名不符。这台收银机会继续运行版本 {running}。',
  'updates.problem.install':
    '安装版本 {version} 失败（{time}）。这台收银机会继续运行版本 {running}。请按“重启以更新”重试。',
  'updates.restart': '重启以更新',
  'updates.restarting': '正在重启…',
  'updates.restartHint': '立即安装版本 {version}：收银机会关闭后重新打开。有付款未完成或正在确认时不能进行。',
  'settings.updates.feedUrl': '更新源地址',
  'settings.updates.feedUrlHint': '贵公司 IT 发布 Wallet POS 更新的 https 文件夹（其中有 latest.yml）。留空：不更新。',
  'settings.updates.windowStart': '维护时段开始（本地时间）',
  'settings.updates.windowEnd': '维护时段结束',
  'settings.updates.windowHint':
    '更新只会在此时段内自动安装，并且绝不会在付款未完成时安装。时段可以跨越午夜（例如 22:00 至 04:00）。',
  'settings.machine.launchAtLogin': '有人登录这台电脑时启动 Wallet POS',
  'settings.machine.keepDisplayAwake': 'Wallet POS 在最前面时保持屏幕常亮',
  'settings.machine.hint':
    '两者只在应用程序中生效。登录时启动适用于 Windows 和 macOS；Linux 请使用桌面环境的自动启动。',
};
