import type { PRINTER_EN } from '../en/printer.ts';

// 繁體中文（香港）: the receipt printer. Same keys as ../en/printer.ts.

export const PRINTER_ZH_HK: Readonly<Record<keyof typeof PRINTER_EN, string>> = {
  'settings.section.printer': '收據打印機',
  'printer.kind': '打印機',
  'printer.kind.system': '電腦的預設打印機',
  'printer.kind.network': '網絡上的 ESC/POS 收據打印機',
  'printer.kind.device': 'USB 或串口的 ESC/POS 收據打印機',
  'printer.kindHint.system':
    '收據由系統以頁面列印（只限應用程式；在瀏覽器預覽中會開啟瀏覽器的列印對話框）。收銀機無法得知是否缺紙。',
  'printer.kindHint.escpos':
    '收銀機直接控制打印機：每張收據列印前後都會查詢紙張及機蓋狀態，並且不會自行重複列印。中文按收據的語言以打印機的字碼頁傳送：繁體中文用 Big5，簡體中文用 GB18030；不支援該字碼頁的打印機會把中文印成問號，請在下方選擇「以圖像列印」。',
  'printer.host': '打印機地址（IP 或名稱）',
  'printer.port': '連接埠',
  'printer.path': '裝置（例如 /dev/usb/lp0 或 COM3）',
  'printer.widthMm': '紙張闊度',
  'printer.width.58': '58 毫米',
  'printer.width.80': '80 毫米',
  'printer.printAs': '收據列印方式',
  'printer.printAs.text': '以文字列印（打印機自身的字型及字碼頁）',
  'printer.printAs.picture': '以圖像列印（適用於沒有中文的打印機）',
  'printer.printAsHint':
    '文字列印快而清晰，但打印機須支援中文（Big5 或 GB18030）。圖像由收銀機以應用程式的字型繪製，任何打印機都能印出中文，只是稍慢。測試頁會以兩種方式列印中文：請選擇印得清楚的一種。',
  'printer.drawerOnMs': '錢箱脈衝開啟時間（毫秒，0 = 沒有錢箱）',
  'printer.drawerOffMs': '錢箱脈衝關閉時間（毫秒）',
  'printer.testPage': '列印測試頁',
  'printer.testing': '正在列印測試頁…',
  'printer.testsForm': '使用此表格上設定的打印機（不論是否已儲存）。',
  'printer.testPrinted': '測試頁已列印。',
  'printer.testNotPrinted': '測試頁未有列印。',
  'printer.testBefore': '列印前：{state}',
  'printer.testAfter': '列印後：{state}',
  'printer.testAnswer': '打印機的狀態回應：{answer}',
  'printer.testNoAnswer': '打印機沒有回應。',
  'printer.openDrawer': '打開錢箱',
  'printer.drawerTestReason': '從設定測試錢箱',
  'printer.drawerOpened': '已向錢箱發出脈衝。',
  'printer.state.ready': '就緒',
  'printer.state.paper-out': '缺紙',
  'printer.state.cover-open': '機蓋打開',
  'printer.state.offline': '離線',
  'printer.state.failed': '沒有以收據打印機方式回應',
  'status.printer': '打印機：{state}',
  'status.printerUnknown': '打印機：尚未查詢',
  'summary.sentToPrinter': '已傳送到收據打印機。',
};
