/**
 * Hand-drawn SVG illustrations of the demo dishes, made for this project (README "Demo photos": the
 * project's own work, under the repository's licence). Each is the food on its plate or in its glass
 * on a 400 × 400 canvas, without a background: `scenes.ts` sets it on a table for a dish photo, or
 * several on a tablecloth for a restaurant's header. Rendered through the same sharp pipeline as an
 * upload (demo-photos.ts), so the demo shows what a restaurant's own photos look like.
 */

/** Shared paint: soft shadows and a few gradients every dish uses (ids prefixed `g-`). */
export const DEFS = `<defs>
<radialGradient id="g-plate" cx="50%" cy="45%" r="55%"><stop offset="0.7" stop-color="#fff"/><stop offset="1" stop-color="#e8e4dc"/></radialGradient>
<radialGradient id="g-rice" cx="40%" cy="35%" r="65%"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#e9e4d6"/></radialGradient>
<radialGradient id="g-sambal" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#d8432a"/><stop offset="1" stop-color="#8e1f12"/></radialGradient>
<radialGradient id="g-gold" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#f7d27a"/><stop offset="1" stop-color="#c98a2c"/></radialGradient>
<radialGradient id="g-broth" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#f08a2c"/><stop offset="1" stop-color="#b9461a"/></radialGradient>
<linearGradient id="g-tea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c98b4e"/><stop offset="1" stop-color="#8a5327"/></linearGradient>
<linearGradient id="g-glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity=".5"/><stop offset=".3" stop-color="#fff" stop-opacity=".05"/><stop offset="1" stop-color="#fff" stop-opacity=".35"/></linearGradient>
<filter id="g-shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="8"/></filter>
</defs>`;

const shadow = (cx: number, cy: number, rx: number, ry: number) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" opacity=".28" filter="url(#g-shadow)"/>`;
const plate = (r = 170) =>
  shadow(205, 212, r, r * 0.96) +
  `<circle cx="200" cy="200" r="${r}" fill="url(#g-plate)"/><circle cx="200" cy="200" r="${r - 26}" fill="none" stroke="#ece7de" stroke-width="3"/>`;

/** Scattered grains on a rice mound: short pale strokes. */
function grains(cx: number, cy: number, r: number, count: number, colour = '#fffdf6') {
  let out = '';
  for (let i = 0; i < count; i++) {
    const a = i * 2.399;
    const d = r * Math.sqrt((i + 0.5) / count);
    const x = (cx + Math.cos(a) * d).toFixed(1);
    const y = (cy + Math.sin(a) * d * 0.8).toFixed(1);
    out += `<ellipse cx="${x}" cy="${y}" rx="5" ry="2.2" transform="rotate(${(i * 47) % 180} ${x} ${y})" fill="${colour}"/>`;
  }
  return out;
}

const cucumber = (x: number, y: number, r = 17) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="#3f7d2e"/><circle cx="${x}" cy="${y}" r="${r - 3}" fill="#d9efb7"/><circle cx="${x}" cy="${y}" r="${r * 0.45}" fill="#bfe08e"/>`;
const egg = (x: number, y: number) =>
  `<ellipse cx="${x}" cy="${y}" rx="34" ry="30" fill="#fdfcf8" stroke="#efe9da" stroke-width="2"/><circle cx="${x + 2}" cy="${y - 1}" r="15" fill="#f5a623"/><circle cx="${x - 3}" cy="${y - 6}" r="5" fill="#ffd27a"/>`;

/** Nasi lemak: coconut rice on banana leaf, sambal, egg, cucumber, ikan bilis and peanuts. */
export const nasiLemak = `${plate()}
<path d="M70 150 Q200 60 330 150 Q360 250 250 330 Q140 350 75 270 Q45 210 70 150z" fill="#2f7d32"/>
<path d="M80 160 Q200 80 320 160" stroke="#57a246" stroke-width="4" fill="none"/>
<ellipse cx="190" cy="195" rx="82" ry="70" fill="url(#g-rice)"/>${grains(190, 192, 70, 70)}
<path d="M245 235 q40 -20 62 8 q18 34 -20 52 q-42 14 -56 -20 q-6 -26 14 -40z" fill="url(#g-sambal)"/>
<circle cx="268" cy="252" r="4" fill="#f4d03f"/><circle cx="283" cy="270" r="3" fill="#f4d03f"/><circle cx="258" cy="272" r="3" fill="#ffb199"/>
${egg(142, 272)}${cucumber(262, 148)}${cucumber(292, 178, 15)}
<g fill="#c9781e" stroke="#8d4d12" stroke-width="1">${[0, 1, 2, 3, 4, 5, 6, 7]
  .map(
    (i) =>
      `<path d="M${110 + i * 9} ${118 + (i % 3) * 7} q10 -6 20 2" stroke-width="5" stroke="#c9781e" fill="none"/>`,
  )
  .join('')}</g>
<g fill="#d9a066">${[0, 1, 2, 3, 4, 5]
  .map((i) => `<ellipse cx="${196 + i * 10}" cy="${298 + (i % 2) * 8}" rx="6" ry="4"/>`)
  .join('')}</g>`;

/** Roti canai: two flaky golden breads and a bowl of dhal. */
export const rotiCanai = `${plate()}
<g>${[0, 1]
  .map((i) => {
    const x = 150 + i * 60;
    const y = 190 + i * 40;
    return (
      `<path d="M${x - 90} ${y} q10 -70 90 -72 q85 4 88 70 q-6 64 -88 66 q-86 -4 -90 -64z" fill="url(#g-gold)" stroke="#b8741f" stroke-width="3"/>` +
      `<path d="M${x - 60} ${y - 20} q60 -40 120 0 M${x - 70} ${y + 10} q70 -30 140 0 M${x - 55} ${y + 38} q55 -22 110 0" stroke="#a8651a" stroke-width="4" fill="none" opacity=".7"/>` +
      `<circle cx="${x - 30}" cy="${y - 30}" r="8" fill="#8f4f13" opacity=".5"/><circle cx="${x + 40}" cy="${y + 20}" r="6" fill="#8f4f13" opacity=".45"/>`
    );
  })
  .join('')}</g>
${shadow(300, 118, 52, 44)}<circle cx="296" cy="110" r="52" fill="#f2efe8" stroke="#d9d2c3" stroke-width="3"/>
<circle cx="296" cy="110" r="42" fill="#e5a52b"/><circle cx="284" cy="100" r="6" fill="#c0661a"/><circle cx="306" cy="118" r="5" fill="#c0661a"/><path d="M274 118 q10 -8 20 0" stroke="#f7d27a" stroke-width="3" fill="none"/>`;

/** Char kway teow: flat rice noodles fried dark with prawns, bean sprouts and chives. */
export const charKwayTeow = `${plate()}
<ellipse cx="200" cy="205" rx="128" ry="112" fill="#8a5a2b"/>
<g stroke-linecap="round" fill="none">${Array.from({ length: 16 }, (_, i) => {
  const y = 120 + i * 11;
  const w = 100 - Math.abs(i - 8) * 9;
  return `<path d="M${200 - w} ${y} q${w / 2} -18 ${w} 0 t${w} 0" stroke="${i % 3 ? '#c99358' : '#e2b47a'}" stroke-width="13"/>`;
}).join('')}</g>
<g fill="none" stroke="#f5f0dc" stroke-width="3" stroke-linecap="round">${Array.from({ length: 14 }, (_, i) => `<path d="M${120 + ((i * 37) % 170)} ${130 + ((i * 53) % 150)} l${14 - (i % 3) * 8} 12"/>`).join('')}</g>
<g fill="none" stroke="#3e8e2f" stroke-width="5" stroke-linecap="round">${Array.from({ length: 9 }, (_, i) => `<path d="M${110 + ((i * 61) % 180)} ${150 + ((i * 41) % 120)} l22 -8"/>`).join('')}</g>
<g>${[
  [160, 170],
  [240, 150],
  [225, 250],
  [150, 245],
]
  .map(
    ([x = 0, y = 0]) =>
      `<path d="M${x} ${y} a22 22 0 1 1 26 14 q-8 2 -10 -6 a12 12 0 1 0 -8 -12z" fill="#f47c48" stroke="#d2572a" stroke-width="2"/><path d="M${x + 8} ${y - 14} l6 6 M${x + 16} ${y - 10} l4 7" stroke="#fff" stroke-width="2" opacity=".6"/>`,
  )
  .join('')}</g>
<g fill="#f2d36b">${[
  [200, 200],
  [270, 215],
  [130, 200],
]
  .map(([x = 0, y = 0]) => `<path d="M${x} ${y} q12 -10 24 0 q-4 12 -24 0z"/>`)
  .join('')}</g>`;

/** Satay: grilled skewers, peanut sauce, cucumber and onion. */
export const satay = `${plate()}
${shadow(118, 128, 48, 40)}<circle cx="116" cy="120" r="50" fill="#f2efe8" stroke="#d9d2c3" stroke-width="3"/>
<circle cx="116" cy="120" r="40" fill="#b5651d"/><g fill="#7a3e10">${[0, 1, 2, 3, 4, 5, 6]
  .map((i) => `<circle cx="${100 + ((i * 13) % 34)}" cy="${106 + ((i * 17) % 30)}" r="3"/>`)
  .join('')}</g><path d="M92 124 q22 -14 46 0" stroke="#e49a52" stroke-width="4" fill="none"/>
<g>${[0, 1, 2, 3, 4]
  .map((i) => {
    const y = 170 + i * 30;
    const x = 105 + i * 6;
    return (
      `<line x1="${x - 10}" y1="${y + 24}" x2="${x + 230}" y2="${y - 40}" stroke="#d8b787" stroke-width="5" stroke-linecap="round"/>` +
      [0, 1, 2, 3]
        .map((k) => {
          const cx = x + 60 + k * 34;
          const cy = y + 8 - k * 9;
          return `<rect x="${cx - 16}" y="${cy - 13}" width="32" height="26" rx="10" transform="rotate(-15 ${cx} ${cy})" fill="#8b3d14"/><rect x="${cx - 10}" y="${cy - 9}" width="18" height="7" rx="3" transform="rotate(-15 ${cx} ${cy})" fill="#c66a2a"/><circle cx="${cx + 6}" cy="${cy + 5}" r="4" fill="#3b1a08"/>`;
        })
        .join('')
    );
  })
  .join('')}</g>
${cucumber(298, 300, 16)}${cucumber(268, 322, 14)}<path d="M318 262 l22 -10 l6 18 l-22 8z" fill="#f1e6f2" stroke="#b58ab8" stroke-width="2"/>`;

/** Teh tarik: a glass of pulled milk tea with its thick foam. */
export const tehTarik = `${shadow(205, 340, 120, 26)}
<ellipse cx="200" cy="330" rx="120" ry="28" fill="#f2efe8" stroke="#d9d2c3" stroke-width="3"/>
<path d="M128 110 L146 322 q54 16 108 0 L272 110z" fill="url(#g-tea)"/>
<path d="M128 110 q72 -26 144 0 l-4 38 q-68 22 -136 0z" fill="#efd9b4"/>
<ellipse cx="200" cy="110" rx="72" ry="16" fill="#f8ecd6"/>
<g fill="#fff" opacity=".7">${[0, 1, 2, 3, 4].map((i) => `<circle cx="${160 + i * 18}" cy="${108 + (i % 2) * 5}" r="${4 + (i % 3)}"/>`).join('')}</g>
<path d="M128 110 L146 322 q54 16 108 0 L272 110" fill="url(#g-glass)" stroke="#e6ddd0" stroke-width="3"/>
<path d="M150 150 L160 300" stroke="#fff" stroke-width="8" opacity=".35" stroke-linecap="round"/>`;

/** Kopi: a thick white cup of black coffee on its saucer. */
export const kopi = `${shadow(205, 318, 140, 30)}
<ellipse cx="200" cy="310" rx="140" ry="34" fill="#f4f1ea" stroke="#d9d2c3" stroke-width="3"/>
<path d="M104 160 q0 150 96 150 q96 0 96 -150z" fill="#fbfaf6" stroke="#ddd6c8" stroke-width="3"/>
<path d="M292 190 q54 0 44 44 q-10 36 -56 30" stroke="#f4f1ea" stroke-width="16" fill="none"/>
<ellipse cx="200" cy="160" rx="96" ry="26" fill="#fbfaf6" stroke="#ddd6c8" stroke-width="3"/>
<ellipse cx="200" cy="162" rx="84" ry="19" fill="#3b2313"/><ellipse cx="180" cy="158" rx="30" ry="6" fill="#6d4324" opacity=".6"/>
<path d="M170 120 q-14 -24 4 -44 q14 -18 0 -40 M214 118 q-14 -24 4 -44 q14 -18 0 -40" stroke="#fff" stroke-width="5" fill="none" opacity=".55" stroke-linecap="round"/>`;

/** Laksa and noodle soups: a bowl of curry broth with noodles, tofu puffs, prawns and egg. */
export const noodleSoup = `${shadow(205, 212, 170, 160)}
<circle cx="200" cy="200" r="168" fill="#f3f0ea" stroke="#2f6db5" stroke-width="10"/><circle cx="200" cy="200" r="146" fill="url(#g-broth)"/>
<g fill="none" stroke="#f9e3a4" stroke-width="6" stroke-linecap="round">${Array.from({ length: 12 }, (_, i) => `<path d="M${110 + i * 14} ${150 + (i % 4) * 22} q20 30 40 0 t40 0"/>`).join('')}</g>
<g>${[
  [140, 140],
  [262, 170],
  [230, 268],
]
  .map(
    ([x = 0, y = 0]) =>
      `<rect x="${x - 22}" y="${y - 20}" width="44" height="40" rx="12" fill="#d99c3f" stroke="#a86a20" stroke-width="2"/><circle cx="${x - 6}" cy="${y - 4}" r="4" fill="#f7d27a"/>`,
  )
  .join('')}</g>
<path d="M150 250 a24 24 0 1 1 28 16 q-9 2 -11 -7 a13 13 0 1 0 -9 -13z" fill="#f47c48" stroke="#d2572a" stroke-width="2"/>
<path d="M300 230 a22 22 0 1 1 26 14 q-8 2 -10 -6 a12 12 0 1 0 -8 -12z" fill="#f47c48" stroke="#d2572a" stroke-width="2"/>
${egg(212, 132)}
<g fill="#3f9a3a">${[
  [280, 110],
  [296, 122],
  [120, 210],
  [132, 222],
]
  .map(([x = 0, y = 0]) => `<ellipse cx="${x}" cy="${y}" rx="11" ry="6" transform="rotate(35 ${x} ${y})"/>`)
  .join('')}</g>
<g fill="#c0392b"><circle cx="180" cy="200" r="4"/><circle cx="250" cy="220" r="3"/><circle cx="200" cy="300" r="4"/></g>`;

/** Nasi goreng: fried rice with a sunny egg on top, cucumber and prawn crackers. */
export const nasiGoreng = `${plate()}
<ellipse cx="200" cy="205" rx="112" ry="96" fill="#c8823c"/>${grains(200, 205, 100, 90, '#e7ad63')}
<g fill="#3e8e2f">${Array.from({ length: 8 }, (_, i) => `<rect x="${130 + ((i * 29) % 140)}" y="${150 + ((i * 43) % 110)}" width="9" height="6" rx="2"/>`).join('')}</g>
<g fill="#e04b2c">${Array.from({ length: 6 }, (_, i) => `<rect x="${140 + ((i * 37) % 130)}" y="${140 + ((i * 31) % 120)}" width="7" height="7" rx="2"/>`).join('')}</g>
<path d="M150 180 q10 -40 50 -42 q48 0 52 40 q6 40 -48 44 q-56 0 -54 -42z" fill="#fdfcf6" stroke="#efe7d0" stroke-width="2"/>
<circle cx="202" cy="182" r="21" fill="#f7a823"/><circle cx="196" cy="175" r="7" fill="#ffd27a"/>
${cucumber(305, 250)}${cucumber(290, 282, 15)}
<path d="M90 250 q30 -30 60 -4 q-6 40 -50 36z" fill="#f6e9c8" stroke="#e0c98f" stroke-width="2"/><path d="M100 280 q34 -22 60 4 q-14 34 -52 22z" fill="#f6e9c8" stroke="#e0c98f" stroke-width="2"/>`;

/** Cendol and shaved-ice desserts: green jelly, coconut milk and palm sugar over ice. */
export const cendol = `${shadow(205, 330, 130, 28)}
<path d="M80 170 q0 160 120 160 q120 0 120 -160z" fill="#f5f2eb" stroke="#d8d0c0" stroke-width="3"/>
<path d="M96 176 q4 136 104 136 q100 0 104 -136z" fill="#f8f1de"/>
<path d="M110 178 q90 -120 180 0z" fill="#eef4f6"/><path d="M130 176 q70 -90 140 0" fill="#fff"/>
<path d="M120 180 q40 -40 60 10 q30 -50 60 -10 q30 -30 50 10 q-20 60 -80 70 q-70 -10 -90 -80z" fill="#5b2f14" opacity=".85"/>
<g fill="none" stroke="#4caf50" stroke-width="7" stroke-linecap="round">${Array.from({ length: 10 }, (_, i) => `<path d="M${118 + i * 17} ${200 + (i % 3) * 14} q10 20 0 38"/>`).join('')}</g>
<g fill="#7b3f1d">${[0, 1, 2, 3, 4].map((i) => `<ellipse cx="${140 + i * 30}" cy="${250 + (i % 2) * 12}" rx="9" ry="6"/>`).join('')}</g>
<path d="M80 170 q120 -26 240 0" stroke="#d8d0c0" stroke-width="3" fill="none"/>`;

/** The illustrations by name. */
export const ILLUSTRATIONS = {
  nasiLemak,
  rotiCanai,
  charKwayTeow,
  satay,
  tehTarik,
  kopi,
  noodleSoup,
  nasiGoreng,
  cendol,
} as const;

export type IllustrationName = keyof typeof ILLUSTRATIONS;
