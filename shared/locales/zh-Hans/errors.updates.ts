import type { UPDATE_ERRORS_EN } from '../en/errors.updates.ts';

// 更新的错误文字（electron/core/updates/），展开于 ./errors.ts 末尾。

export const UPDATE_ERRORS_ZH_HANS: Readonly<Record<keyof typeof UPDATE_ERRORS_EN, string>> = {
  'updates.payment-open': '这台收银机仍有一笔付款未完成。完成后即会安装更新；届时请再按“重启以更新”。',
  'updates.payment-in-doubt': '仍在向支付商确认一笔付款的结果（未确定）。确认后即会安装更新；届时请再按“重启以更新”。',
  'updates.nothing-waiting': '没有已下载并等待安装的更新。',
  'updates.not-available': '在浏览器中运行时，这台收银机无法安装更新。更新只会在应用程序中安装。',
  'updates.signature-invalid':
    '更新源没有 Wallet POS 发布者的签名（没有签名、签名错误或由其他密钥签名），因此没有下载或安装任何内容。请 IT 人员检查更新源。',
};
