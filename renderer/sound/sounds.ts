// Distinct sounds for success and failure, from assets/sounds (served next to index.html). A till that
// has not had a click yet may refuse to play sound; that must never break the screen.

const FILES = { success: './sounds/payment-success.wav', failure: './sounds/payment-failure.wav' } as const;
export type SoundName = keyof typeof FILES;

const cache = new Map<SoundName, HTMLAudioElement>();

export function playSound(name: SoundName): void {
  try {
    let audio = cache.get(name);
    if (!audio) {
      audio = new Audio(FILES[name]);
      audio.preload = 'auto';
      cache.set(name, audio);
    }
    audio.currentTime = 0;
    const playing = audio.play() as Promise<void> | undefined;
    playing?.catch(() => undefined);
  } catch {
    // No audio device or autoplay blocked: the colour and text still say it.
  }
}
