/**
 * Screen sizes in pixels (portrait width × height) of common phones, tablets and desktop
 * displays: a screenshot is saved at exactly one of them, in either orientation. Sizes a
 * camera also shoots (640×480, 1600×1200, 4:3 sensor sizes) are left out on purpose.
 */
// prettier-ignore
const PHONES = [
  [640, 1136], [750, 1334], [1242, 2208], [1125, 2436], [828, 1792], [1242, 2688], [1080, 2340], [1170, 2532],
  [1284, 2778], [1179, 2556], [1290, 2796], [1206, 2622], [1320, 2868], [720, 1280], [720, 1520], [720, 1600],
  [1080, 1920], [1080, 2160], [1080, 2220], [1080, 2280], [1080, 2400], [1080, 2408], [1080, 2520], [1080, 2640],
  [1440, 2560], [1440, 2960], [1440, 3040], [1440, 3088], [1440, 3120], [1440, 3200], [1344, 2992], [1220, 2712],
  [1260, 2800], [1236, 2745], [1116, 2484],
];
// prettier-ignore
const TABLETS = [
  [1536, 2048], [1620, 2160], [1668, 2224], [1668, 2388], [1640, 2360], [1488, 2266], [2048, 2732], [2064, 2752],
  [1200, 1920], [1600, 2560], [1752, 2800], [1848, 2960], [1800, 2880], [1200, 2000],
];
// prettier-ignore
const DESKTOPS = [
  [1280, 720], [1280, 800], [1280, 1024], [1366, 768], [1440, 900], [1536, 864], [1600, 900], [1680, 1050],
  [1920, 1080], [1920, 1200], [2560, 1080], [2560, 1440], [2560, 1600], [2880, 1800], [2880, 1864], [3024, 1964],
  [3456, 2234], [3440, 1440], [3840, 2160], [5120, 2880], [2736, 1824], [2256, 1504], [3000, 2000], [2496, 1664],
];

const SIZES: ReadonlySet<string> = new Set([...PHONES, ...TABLETS, ...DESKTOPS].flatMap(([w, h]) => [`${w}x${h}`, `${h}x${w}`]));

/** True when width × height is a known screen size, in either orientation. */
export function isScreenSize(width: number, height: number): boolean {
  return SIZES.has(`${width}x${height}`);
}
