/**
 * A short two-tone chime for a new order (Web Audio: no sound file to load). Browsers allow sound
 * only after the page was touched once; before that it stays silent rather than failing.
 */
let audio: AudioContext | undefined;

export function chime() {
  try {
    const Context = window.AudioContext as typeof AudioContext | undefined;
    if (!Context) return;
    audio ??= new Context();
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.18, 1320],
    ] as const) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.25, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.16);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.17);
    }
  } catch {
    // No audio on this device: the badge and the title still say it.
  }
}

/**
 * The printer alarm's sound: three low, longer beeps, unlike the new order's chime, so a kitchen hears
 * that paper will not come out (`usePrinterAlarmSound`). Silent where the device has no audio.
 */
export function alarmTone() {
  try {
    const Context = window.AudioContext as typeof AudioContext | undefined;
    if (!Context) return;
    audio ??= new Context();
    const start = audio.currentTime;
    for (const offset of [0, 0.45, 0.9]) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.type = 'square';
      tone.frequency.value = 440;
      gain.gain.setValueAtTime(0.2, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.35);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.36);
    }
  } catch {
    // No audio on this device: the red band still says it.
  }
}
