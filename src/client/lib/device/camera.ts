/**
 * Camera and photo picker (spec §6, §7, §8, §9). Native: Capacitor Camera at quality 90,
 * returned as a data URL. Web: the browser's camera/file picker through a file input.
 * Cancelling rejects with 'User cancelled photos app'; any other failure gives nothing
 * (null or an empty list) and is logged. The camera permission is queried through the
 * Permissions API on the web.
 */
import { isNativePlatform, logDeviceWarning } from "./platform";

export const CAMERA_QUALITY = 90;
export const USER_CANCELLED_PHOTOS = "User cancelled photos app";
export const NO_PERMISSIONS_API = "Permissions API not available in this browser";
export const NO_CAMERA_PERMISSION = "Camera permissions are not available in this browser";

export interface CapturedPhoto {
  dataUrl: string;
  /** Image format, e.g. jpeg or png. */
  format: string;
  /** Estimated bytes: data URL length × 0.75 (spec §9). */
  size: number;
}

export type CameraPermission = "granted" | "denied" | "prompt";

/** Spec §9: photo size from a data URL = length × 0.75, rounded to whole bytes. */
export function photoSizeFromDataUrl(dataUrl: string): number {
  return Math.round(dataUrl.length * 0.75);
}

function formatOf(dataUrl: string): string {
  return /^data:image\/([a-z0-9.+-]+)/i.exec(dataUrl)?.[1]?.toLowerCase() ?? "jpeg";
}

function toPhoto(dataUrl: string): CapturedPhoto {
  return { dataUrl, format: formatOf(dataUrl), size: photoSizeFromDataUrl(dataUrl) };
}

function isCancel(error: unknown): boolean {
  return error instanceof Error && error.message === USER_CANCELLED_PHOTOS;
}

export function supportsCamera(): boolean {
  return isNativePlatform() || (typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function");
}

/** Camera permission state. On the web it throws the spec's two messages when it cannot tell. */
export async function checkCameraPermission(): Promise<CameraPermission> {
  if (isNativePlatform()) {
    const { Camera } = await import("@capacitor/camera");
    const { camera } = await Camera.checkPermissions();
    return camera === "granted" || camera === "limited" ? "granted" : camera === "denied" ? "denied" : "prompt";
  }
  if (typeof navigator === "undefined" || !navigator.permissions) throw new Error(NO_PERMISSIONS_API);
  try {
    return (await navigator.permissions.query({ name: "camera" as PermissionName })).state;
  } catch {
    throw new Error(NO_CAMERA_PERMISSION);
  }
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the photo"));
    reader.readAsDataURL(file);
  });
}

/** Opens the browser's picker for images; rejects with USER_CANCELLED_PHOTOS on cancel. */
function pickWebImages(options: { capture: boolean; multiple: boolean }): Promise<File[]> {
  return new Promise((resolve, reject) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = "image/*";
    input.multiple = options.multiple;
    if (options.capture) input.setAttribute("capture", "environment");
    input.style.display = "none";
    const done = () => input.remove();
    input.addEventListener("change", () => {
      done();
      const files = [...(input.files ?? [])];
      if (files.length > 0) resolve(files);
      else reject(new Error(USER_CANCELLED_PHOTOS));
    });
    input.addEventListener("cancel", () => {
      done();
      reject(new Error(USER_CANCELLED_PHOTOS));
    });
    document.body.append(input);
    input.click();
  });
}

/** Takes one photo with the camera. Null on failure; rejects when the user cancels. */
export async function takePhoto(): Promise<CapturedPhoto | null> {
  try {
    if (isNativePlatform()) {
      const { Camera, CameraResultType, CameraSource } = await import("@capacitor/camera");
      const photo = await Camera.getPhoto({ quality: CAMERA_QUALITY, resultType: CameraResultType.DataUrl, source: CameraSource.Camera });
      return photo.dataUrl ? toPhoto(photo.dataUrl) : null;
    }
    const [file] = await pickWebImages({ capture: true, multiple: false });
    return file ? toPhoto(await readAsDataUrl(file)) : null;
  } catch (error) {
    if (isCancel(error)) throw error;
    logDeviceWarning("taking a photo", error);
    return null;
  }
}

/** Picks photos from the library. Empty on failure; rejects when the user cancels. */
export async function pickPhotos(limit = 0): Promise<CapturedPhoto[]> {
  try {
    if (isNativePlatform()) {
      const { Camera } = await import("@capacitor/camera");
      const { photos } = await Camera.pickImages({ quality: CAMERA_QUALITY, limit });
      const blobs = await Promise.all(photos.map(async (p) => (await fetch(p.webPath)).blob()));
      return Promise.all(blobs.map(async (b) => toPhoto(await readAsDataUrl(b))));
    }
    const files = await pickWebImages({ capture: false, multiple: limit !== 1 });
    const chosen = limit > 0 ? files.slice(0, limit) : files;
    return Promise.all(chosen.map(async (f) => toPhoto(await readAsDataUrl(f))));
  } catch (error) {
    if (isCancel(error)) throw error;
    logDeviceWarning("picking photos", error);
    return [];
  }
}
