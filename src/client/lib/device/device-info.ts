/**
 * Device info (spec §3 "Device info"): what this device is and what it supports. On the web
 * it is read from `navigator` and `window`; on native from Capacitor Device (userAgent is
 * the device model there). Never throws: a failed battery read gives `battery: null`.
 */
import { getPlatform, logDeviceWarning, type Platform } from "./platform";

export interface BatteryInfo {
  /** 0 to 1. */
  level: number;
  charging: boolean;
}

export interface DeviceInfo {
  platform: Platform;
  userAgent: string;
  isStandalone: boolean;
  isIOS: boolean;
  isAndroid: boolean;
  isNative: boolean;
  supportsInstall: boolean;
  supportsNotifications: boolean;
  supportsVibration: boolean;
  supportsShare: boolean;
  supportsFileSystem: boolean;
  supportsCamera: boolean;
  battery: BatteryInfo | null;
}

/** The parts of `navigator` and `window` the web answer depends on (stubbed in tests). */
export interface WebEnvironment {
  navigator: {
    userAgent: string;
    platform?: string;
    maxTouchPoints?: number;
    standalone?: boolean;
    vibrate?: unknown;
    share?: unknown;
    mediaDevices?: { getUserMedia?: unknown };
    getBattery?: () => Promise<{ level: number; charging: boolean }>;
  };
  window: object & { matchMedia?: (query: string) => { matches: boolean } };
}

function browserEnvironment(): WebEnvironment {
  return { navigator: navigator as unknown as WebEnvironment["navigator"], window };
}

export function isIOSUserAgent(userAgent: string, platform = "", maxTouchPoints = 0): boolean {
  // iPadOS 13+ reports itself as a Mac; touch points give it away.
  return /iPad|iPhone|iPod/.test(userAgent) || (platform === "MacIntel" && maxTouchPoints > 1);
}

/** Running as an installed app (display-mode standalone, or iOS's home-screen flag). */
export function isStandaloneDisplay(env: WebEnvironment = browserEnvironment()): boolean {
  if (env.navigator.standalone === true) return true;
  try {
    return env.window.matchMedia?.("(display-mode: standalone)").matches === true;
  } catch {
    return false;
  }
}

function clampLevel(level: number): number {
  return Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 0;
}

async function webBattery(env: WebEnvironment): Promise<BatteryInfo | null> {
  if (typeof env.navigator.getBattery !== "function") return null;
  try {
    const battery = await env.navigator.getBattery();
    return { level: clampLevel(battery.level), charging: Boolean(battery.charging) };
  } catch (error) {
    logDeviceWarning("reading the battery", error);
    return null;
  }
}

/** Device info for a browser (spec §3). */
export async function getWebDeviceInfo(env: WebEnvironment = browserEnvironment()): Promise<DeviceInfo> {
  const { navigator: nav, window: win } = env;
  const ua = nav.userAgent ?? "";
  const isIOS = isIOSUserAgent(ua, nav.platform, nav.maxTouchPoints);
  const isStandalone = isStandaloneDisplay(env);
  return {
    platform: "web",
    userAgent: ua,
    isStandalone,
    isIOS,
    isAndroid: /Android/i.test(ua),
    isNative: false,
    // Chromium offers install through beforeinstallprompt; iOS through Add to Home Screen.
    supportsInstall: !isStandalone && ("onbeforeinstallprompt" in win || isIOS),
    supportsNotifications: "Notification" in win,
    supportsVibration: typeof nav.vibrate === "function",
    supportsShare: typeof nav.share === "function",
    supportsFileSystem: "showDirectoryPicker" in win,
    supportsCamera: typeof nav.mediaDevices?.getUserMedia === "function",
    battery: await webBattery(env),
  };
}

async function getNativeDeviceInfo(platform: "ios" | "android"): Promise<DeviceInfo> {
  const { Device } = await import("@capacitor/device");
  const info = await Device.getInfo();
  let battery: BatteryInfo | null = null;
  try {
    const b = await Device.getBatteryInfo();
    if (typeof b.batteryLevel === "number") battery = { level: clampLevel(b.batteryLevel), charging: Boolean(b.isCharging) };
  } catch (error) {
    logDeviceWarning("reading the battery", error);
  }
  return {
    platform,
    userAgent: info.model,
    isStandalone: true,
    isIOS: platform === "ios",
    isAndroid: platform === "android",
    isNative: true,
    supportsInstall: false,
    supportsNotifications: true,
    supportsVibration: true,
    supportsShare: true,
    supportsFileSystem: true,
    supportsCamera: true,
    battery,
  };
}

export async function getDeviceInfo(): Promise<DeviceInfo> {
  const platform = getPlatform();
  if (platform !== "web") {
    try {
      return await getNativeDeviceInfo(platform);
    } catch (error) {
      logDeviceWarning("reading native device info", error);
    }
  }
  return getWebDeviceInfo();
}

/** The extra native details the scan layer reads (spec §3); null on the web. */
export async function getNativeDeviceDetails(): Promise<Record<string, unknown> | null> {
  if (getPlatform() === "web") return null;
  try {
    const { Device } = await import("@capacitor/device");
    return { ...(await Device.getInfo()) };
  } catch (error) {
    logDeviceWarning("reading native device details", error);
    return null;
  }
}
