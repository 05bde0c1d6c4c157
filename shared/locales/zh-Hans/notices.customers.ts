import type { CustomerNoticeKey } from '../../notices.ts';

// Simplified Chinese (Singapore) for the linked-customer side's notices (English: ../en/notices.customers.ts).
// A full record: a key without its text here does not compile.

export const CUSTOMER_NOTICES_ZH_HANS: Readonly<Record<CustomerNoticeKey, string>> = {
  'link.consent-untrusted':
    '钱包提供的同意页面地址不符预期（{address}），没有打开。请重新开始绑定；如再次发生，请通知支持人员。',
  'link.consent-not-here': '此画面无法显示顾客的同意页面。请在收银机应用程序绑定顾客。',
  'link.hint-needed': '请输入顾客的电话号码或电邮地址。',
  'link.phone-hint-invalid': '请输入完整的电话号码（顾客看到的会是遮蔽后的号码）。',
  'link.email-hint-invalid': '请输入有效的电邮地址（顾客看到的会是遮蔽后的地址）。',
  'link.not-stored': '顾客已批准，但此收银机未能安全地保存绑定。请检查此电脑的密钥库，然后重新绑定顾客。',
  'journal.customers-damaged':
    '已绑定顾客的日志 {file} 已损坏，无法读取。请关闭应用程序，然后从备份还原此文件。如没有备份，请把损坏的文件移到别处（请保留：它记录了过往的扣款及预授权），再重新启动应用程序以创建新的空白日志；之后顾客须重新绑定。',
  'journal.customers-unopenable':
    '无法打开已绑定顾客的日志 {file}（{reason}）。请确认该文件及其文件夹可以写入，然后重新启动应用程序。',
  'journal.customers-newer':
    '已绑定顾客的日志由较新版本的应用程序写入（结构版本 {schema}，此应用程序只认识 {known}）。请更新应用程序。',

  'customers.credentials-missing': '已绑定顾客付款需要商户编号及密码。请管理员在“设置”输入。',
  'customers.callback-missing': '已绑定顾客付款需要绑定回调地址。请管理员在“设置”输入。',
  'customers.gateway-missing': '自定义环境的已绑定顾客付款需要商户网关地址。',
  'customers.currency-other': '此货币并非已绑定顾客付款所设置的货币。',
  'customers.reference-taken': '此参考编号已被使用；没有送出任何请求。请再试。',

  'hold.not-on-till': '此收银机没有此参考编号的预授权。',
  'hold.never-placed-capture': '此预授权从未创建，因此无法扣款。',
  'hold.never-placed-release': '此预授权从未创建，因此无法撤销。',
  'unlink.still-checking': '此顾客的扣款或预授权仍在向支付商查核。请待结果出来后再解除绑定。',
  'unlink.open-holds': '此顾客有 {count} 项未完成的预授权。请先扣款或撤销，再解除绑定。',
  'unlink.hold-elsewhere':
    '钱包仍有此顾客一项此收银机无法处理的未完成预授权（已停止确认的，或在别处创建的）。请先向支付商查核，再解除绑定。',

  // Shown after “已停止确认，请向支付商查核：”, which already says to check with the provider.
  'stopped.too-late': '首次送出超过 {minutes} 分钟后不会再自动重新送出，以免延后向顾客收款',
  'stopped.link-invalid': '顾客的绑定已失效',
  'stopped.hold-unknown': '支付商不认识此预授权（环境或商户已更改？）',
  'stopped.resend-refused': '支付商拒绝了重新送出（{error}）',
  'stopped.recorded': '{text}',
};
