import { afterEach, describe, expect, it, vi } from "vitest";
import { CAMERA_QUALITY, checkCameraPermission, photoSizeFromDataUrl, supportsCamera } from "./camera";

afterEach(() => vi.unstubAllGlobals());

describe("camera helpers (spec §8, §9)", () => {
  it("takes photos at quality 90", () => {
    expect(CAMERA_QUALITY).toBe(90);
  });

  it("estimates a photo's size as the data URL length × 0.75", () => {
    expect(photoSizeFromDataUrl("")).toBe(0);
    expect(photoSizeFromDataUrl("x".repeat(400))).toBe(300);
    expect(photoSizeFromDataUrl("data:image/png;base64,AAAA")).toBe(Math.round(26 * 0.75));
  });

  it("says 'Permissions API not available in this browser' without navigator.permissions", async () => {
    vi.stubGlobal("navigator", {});
    await expect(checkCameraPermission()).rejects.toThrow("Permissions API not available in this browser");
  });

  it("says 'Camera permissions are not available in this browser' when the query is refused", async () => {
    vi.stubGlobal("navigator", { permissions: { query: () => Promise.reject(new TypeError("bad name")) } });
    await expect(checkCameraPermission()).rejects.toThrow("Camera permissions are not available in this browser");
  });

  it("returns the queried camera permission state", async () => {
    const query = vi.fn(() => Promise.resolve({ state: "prompt" }));
    vi.stubGlobal("navigator", { permissions: { query } });
    await expect(checkCameraPermission()).resolves.toBe("prompt");
    expect(query).toHaveBeenCalledWith({ name: "camera" });
  });

  it("supports the camera on the web when getUserMedia exists", () => {
    vi.stubGlobal("navigator", {});
    expect(supportsCamera()).toBe(false);
    vi.stubGlobal("navigator", { mediaDevices: { getUserMedia: () => undefined } });
    expect(supportsCamera()).toBe(true);
  });
});
