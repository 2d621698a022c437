/**
 * Test support for the Insights screen: the shared app harness opened on /insights, and a
 * capture of the files the screen saves (object URLs + <a download> clicks).
 */
import type { ReactElement } from "react";
import { vi } from "vitest";
import { renderWithApp as render } from "../../../testing/app-harness";

export { findToast, jsonResponse, resetTestState, stubApi } from "../../../testing/app-harness";

export const renderWithApp = (ui: ReactElement, { path = "/insights" } = {}) => render(ui, { path });

export interface SavedFile {
  name: string;
  type: string;
  text(): Promise<string>;
}

/** Records every file saved through an object URL and an <a download> click. */
export function captureDownloads(): SavedFile[] {
  const blobs = new Map<string, Blob>();
  const saved: SavedFile[] = [];
  let n = 0;
  vi.stubGlobal(
    "URL",
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        const url = `blob:test/${++n}`;
        blobs.set(url, b);
        return url;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, type: blob.type, text: () => blob.text() });
  });
  return saved;
}
