import { describe, expect, it } from "vitest";
import { detectBrowser } from "./browser";

const UA = {
  chrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  chromeIOS:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70",
  edgeAndroid:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 EdgA/131.0.0.0",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  firefoxIOS:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15",
  safari: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  safariIOS:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  opera: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
  headlessChrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36",
  androidWebView:
    "Mozilla/5.0 (Linux; Android 13; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36",
};

describe("detectBrowser (spec §9)", () => {
  it.each([
    ["chrome", "Chrome"],
    ["chromeIOS", "Chrome"],
    ["edge", "Edge"],
    ["edgeAndroid", "Edge"],
    ["firefox", "Firefox"],
    ["firefoxIOS", "Firefox"],
    ["safari", "Safari"],
    ["safariIOS", "Safari"],
    ["opera", "Other"],
    ["androidWebView", "Chrome"],
    ["headlessChrome", "Chrome"],
  ] as const)("%s is %s", (key, name) => {
    expect(detectBrowser(UA[key]).name).toBe(name);
  });

  it("sets exactly one flag and passes Service Worker support through", () => {
    const edge = detectBrowser(UA.edge, true);
    expect(edge).toEqual({ name: "Edge", isChrome: false, isFirefox: false, isSafari: false, isEdge: true, supportsServiceWorker: true });
    expect(detectBrowser("").name).toBe("Other");
    expect(detectBrowser("").supportsServiceWorker).toBe(false);
  });
});
