import type { PhotoFacts } from "./photo-facts";
import { isScreenSize } from "./screen-sizes";

/**
 * What phones and desktops name screenshots, in the languages people use most (macOS,
 * Windows, iOS, Android, GNOME, KDE). Matched anywhere in the name, ignoring case; the
 * apostrophe in "Capture d’écran" may be straight or curly.
 */
const SCREENSHOT_NAMES: readonly RegExp[] = [
  /screen[ _-]?shot/i, // Screenshot_2024…, Screen Shot 2020-…, screenshot (3)
  /screen[ _-]?capture/i,
  /bildschirmfoto/i,
  /capture d['’]?\s?[ée]cran/i,
  /captura de (pantalla|tela|ecr[ãa])/i,
  /schermata/i,
  /istantanea/i,
  /schermafbeelding/i,
  /sk[äa]rmbild/i,
  /sk[æa]rmbillede/i,
  /skjermbilde/i,
  /n[äa]ytt[öo]kuva/i,
  /zrzut ekranu/i,
  /snímek obrazovky/i,
  /ekran görüntüsü/i,
  /снимок экрана/i,
  /скриншот/i,
  /スクリーンショット/,
  /屏幕截图|截屏|螢幕截圖|截圖/,
  /스크린샷/,
];

export function hasScreenshotName(name: string): boolean {
  return SCREENSHOT_NAMES.some((pattern) => pattern.test(name));
}

/**
 * Screenshot rule (issue 19): never a photo with camera metadata; otherwise a screenshot
 * when its name says so, or when it is exactly a device's screen size (either orientation).
 * The format is not required: Android saves JPEG screenshots, iOS and desktops PNG, and a
 * PNG at a non-screen size is more often a graphic than a screenshot. GIFs are animations.
 */
export function isScreenshot(f: Pick<PhotoFacts, "name" | "format" | "width" | "height" | "camera">): boolean {
  if (f.camera || f.format === "gif") return false;
  return hasScreenshotName(f.name) || isScreenSize(f.width, f.height);
}
