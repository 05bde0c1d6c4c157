import type { ProviderNoticeKey } from '../../notices.ts';

// Simplified Chinese (Singapore) for the provider clients' notices (English: ../en/notices.provider.ts).
// A full record: a key without its text here does not compile.

export const PROVIDER_NOTICES_ZH_HANS: Readonly<Record<ProviderNoticeKey, string>> = {
  'provider.redirected': '支付商以重定向回应，付款请求绝不会跟随重定向。请在“设置”检查环境。',
  'provider.connection-dropped': '与支付商的连接在回应前中断。正在核实结果。',
  'provider.address-not-found': '支付商地址回应“找不到”。请在“设置”检查环境及地址。',
  'provider.action-conflict': '支付商表示此操作已不适用于此预授权或付款。请检查其状态。',
  'provider.login-expired': '支付商发出的登录凭证已经过期。请检查此收银机的时钟。',

  'provider.date-unreadable': '支付商无法读取请求中的时间。代理服务器或防火墙可能修改了它。',
  'provider.credentials-stripped': '支付商没有收到我们的凭证。代理服务器或防火墙可能把它移除了。',
  'provider.not-onboarded': '这组凭证不能在所选国家收款。请在“设置”检查国家。',
  'provider.clock-ahead': '此收银机的时钟比支付商快 {duration}。请先校正系统时间，然后再试。',
  'provider.clock-behind': '此收银机的时钟比支付商慢 {duration}。请先校正系统时间，然后再试。',

  'provider.address-invalid': '支付商地址不是有效的网址（必须以 https:// 开头）。',
  'provider.address-not-https': '支付商地址必须以 https:// 开头（只有本电脑可使用 http://）。',
  'provider.address-extras': '支付商地址不可包含 ?、# 或用户名称。',
  'provider.demo-not-running': '内置示范支付商没有运行。请重新启动应用程序。',
  'provider.header-prefix-invalid': '请求头前缀必须类似“X-ShopBack-”。',
  'provider.access-key-spaces': '访问密钥 ID 含有空格或冒号。请在“设置”检查。',
  'provider.currency-not-in-country': '{currency} 不能在 {country} 使用：支付商在该地只接受 {accepted}。',
  'provider.reference-invalid': '此付款的参考编号无效。',
  'provider.field-invalid': '请求没有送出：“{field}”无效。请检查“设置”及输入的内容。',
  'amount.too-large-to-send': '此金额太大，无法送出。',

  'environment.embedded-sandbox': '示范（内置模拟环境）',
  'environment.provider-sandbox': '支付商测试环境',
  'environment.sg-production': '新加坡正式环境',
  'environment.hk-production': '香港正式环境',
  'environment.th-production': '泰国正式环境（只列于支付商较旧的文件）',
  'environment.custom': '自定义地址',

  'connection.where': '{environment}（{host}）',
  'connection.accepted': '已连接 {where}：签名获接受。',
  'connection.accepted-in-sync': '已连接 {where}：签名获接受，时钟同步（相差 {duration} 以内）。',
  'connection.accepted-clock-ahead':
    '已连接 {where}：签名获接受，但此收银机的时钟比支付商快 {duration}：请在付款开始失败前校正系统时间。',
  'connection.accepted-clock-behind':
    '已连接 {where}：签名获接受，但此收银机的时钟比支付商慢 {duration}：请在付款开始失败前校正系统时间。',
  'connection.answered-but': '{where}有回应，但：{error}',
  'connection.not-answered': '{where}：{error}',
  'connection.failed-inside': '连接测试在应用程序内部出错。请再试。',
  'duration.seconds': '{s} 秒',
  'duration.minutes': '{m} 分钟',
  'duration.minutes-seconds': '{m} 分 {s} 秒',
  'duration.hours': '{h} 小时',
  'duration.hours-minutes': '{h} 小时 {m} 分钟',
  'field.access-key-id': '访问密钥 ID',
  'field.access-key-secret': '访问密钥机密',
  'field.pos-id': '终端机 ID（posId）',
};
