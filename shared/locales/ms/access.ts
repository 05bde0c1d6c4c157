import type { ACCESS_EN } from '../en/access.ts';

// Bahasa Melayu: ciri kebolehcapaian — bantuan pelanggan dalam Tetapan. Same keys as ../en/access.ts.

export const ACCESS_MS: Readonly<Record<keyof typeof ACCESS_EN, string>> = {
  'access.customerHelp': 'Bantuan untuk pelanggan (kiosk dan paparan pelanggan)',
  'access.largeText': 'Teks besar untuk pelanggan',
  'access.soundOnResult': 'Paparan pelanggan berbunyi apabila bayaran berjaya dan apabila gagal',
  'access.customerHelpHint': 'Tidak sekali-kali pada skrin juruwang. Kiosk sentiasa memainkan bunyinya.',
};
