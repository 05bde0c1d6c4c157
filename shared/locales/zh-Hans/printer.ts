import type { PRINTER_EN } from '../en/printer.ts';

// 简体中文（新加坡）: the receipt printer. Same keys as ../en/printer.ts.

export const PRINTER_ZH_HANS: Readonly<Record<keyof typeof PRINTER_EN, string>> = {
  'settings.section.printer': '收据打印机',
  'printer.kind': '打印机',
  'printer.kind.system': '电脑的默认打印机',
  'printer.kind.network': '网络上的 ESC/POS 收据打印机',
  'printer.kind.device': 'USB 或串口的 ESC/POS 收据打印机',
  'printer.kindHint.system':
    '收据由系统以页面打印（只限应用程序；在浏览器预览中会开启浏览器的打印对话框）。收银机无法得知是否缺纸。',
  'printer.kindHint.escpos':
    '收银机直接控制打印机：每张收据打印前后都会查询纸张及机盖状态，并且不会自行重复打印。简体中文收据以打印机的 GB18030 编码发送（简体中文收据打印机均支持；繁体中文收据则用 Big5）；不支持该编码的打印机会把中文印成问号，请在下方选择“以图像打印”。',
  'printer.host': '打印机地址（IP 或名称）',
  'printer.port': '端口',
  'printer.path': '设备（例如 /dev/usb/lp0 或 COM3）',
  'printer.widthMm': '纸张宽度',
  'printer.width.58': '58 毫米',
  'printer.width.80': '80 毫米',
  'printer.printAs': '收据打印方式',
  'printer.printAs.text': '以文字打印（打印机自身的字体及编码）',
  'printer.printAs.picture': '以图像打印（适用于没有中文的打印机）',
  'printer.printAsHint':
    '文字打印快而清晰，但打印机须支持中文（Big5 或 GB18030）。图像由收银机以应用程序的字体绘制，任何打印机都能印出中文，只是稍慢。测试页会以两种方式打印中文：请选择印得清楚的一种。',
  'printer.drawerOnMs': '钱箱脉冲开启时间（毫秒，0 = 没有钱箱）',
  'printer.drawerOffMs': '钱箱脉冲关闭时间（毫秒）',
  'printer.testPage': '打印测试页',
  'printer.testing': '正在打印测试页…',
  'printer.testsForm': '使用此表单上设置的打印机（不论是否已保存）。',
  'printer.testPrinted': '测试页已打印。',
  'printer.testNotPrinted': '测试页没有打印。',
  'printer.testBefore': '打印前：{state}',
  'printer.testAfter': '打印后：{state}',
  'printer.testAnswer': '打印机的状态回应：{answer}',
  'printer.testNoAnswer': '打印机没有回应。',
  'printer.openDrawer': '打开钱箱',
  'printer.drawerTestReason': '从设置测试钱箱',
  'printer.drawerOpened': '已向钱箱发出脉冲。',
  'printer.state.ready': '就绪',
  'printer.state.paper-out': '缺纸',
  'printer.state.cover-open': '机盖打开',
  'printer.state.offline': '离线',
  'printer.state.failed': '没有以收据打印机方式回应',
  'status.printer': '打印机：{state}',
  'status.printerUnknown': '打印机：尚未查询',
  'summary.sentToPrinter': '已发送到收据打印机。',
};
