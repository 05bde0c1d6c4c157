import type { REGISTER_EN } from './register.en.ts';

// 繁體中文（香港）: the register connection. Same keys as register.en.ts.

export const REGISTER_ZH_HK: Readonly<Record<keyof typeof REGISTER_EN, string>> = {
  'register.from': '來自收銀系統：{name}',
  'register.scanTitle': '掃描顧客付款碼，以完成收銀系統的交易',
  'register.cancelSale': '取消收銀系統的交易（Esc）',
  'register.cancellingSale': '取消中…',
  'register.saleCancelled': '收銀系統 {amount} 的交易已取消，沒有收取任何款項。',
  'register.done': '完成',

  'settings.tab.register': '收銀系統連線',
  'settings.section.register': '收銀系統連線',
  'settings.ecr.explain': '讓商店自己的收銀程式在此收銀機開始、跟進、取消及退還付款（README：Connect your register）。',
  'settings.ecr.enabled': '開啟收銀系統連線',
  'settings.ecr.port': '連接埠',
  'settings.ecr.network': '可連線的對象',
  'settings.ecr.network.this-computer': '只限此電腦（127.0.0.1）',
  'settings.ecr.network.shop-network': '商店網絡（HTTPS，使用此收銀機的憑證）',
  'settings.ecr.refundsAllowed': '容許經連線退款（毋須主管密碼：收銀系統的金鑰已足夠）',
  'settings.ecr.address': '收銀系統連線地址：{url}',
  'settings.ecr.off': '收銀系統連線已關閉。',
  'settings.ecr.notListening': '未能接受連線：{problem}',
  'settings.ecr.startsAfterSave': '儲存後設定才會生效。',
  'settings.ecr.keysUnreadable':
    '所有收銀系統均被拒絕：此收銀機無法讀取收銀系統金鑰檔案。請在「收銀系統金鑰」重新建立金鑰：損壞的檔案會移到一旁（保留在原檔案旁邊，只有此收銀機的使用者可讀取），每部收銀系統都需要輸入新金鑰。',
  'settings.ecr.fingerprint': '憑證指紋（SHA-256），供收銀系統固定信任',
  'settings.ecr.publicKeyPin': '公開金鑰指紋（curl --pinnedpubkey sha256//…）',
  'settings.ecr.keys': '收銀系統金鑰',
  'settings.ecr.noKeys': '尚未有金鑰：收銀系統需要金鑰才能連線。',
  'settings.ecr.keyName': '名稱',
  'settings.ecr.keyCreated': '建立時間',
  'settings.ecr.keyLastUsed': '最後使用',
  'settings.ecr.keyNeverUsed': '從未使用',
  'settings.ecr.newKeyName': '新金鑰的名稱（例如所屬的收銀機）',
  'settings.ecr.createKey': '建立金鑰',
  'settings.ecr.newKey': '「{name}」的金鑰。請即複製到收銀系統：金鑰只會顯示這一次。',
  'settings.ecr.newKeyLabel': '{name} 的新金鑰',
  'settings.ecr.revokeKey': '撤銷',
  'settings.ecr.revokeKeyLabel': '撤銷金鑰「{name}」',
  'settings.ecr.revoked': '金鑰「{name}」已無法再使用。',
};
