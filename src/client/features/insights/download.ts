/**
 * Printing loads a page into a hidden frame and opens the browser's print dialog, where
 * "Save as PDF" makes the PDF. (Saving a file: lib/download.ts.)
 */
export function printHtml(html: string): void {
  const frame = document.createElement("iframe");
  frame.setAttribute("aria-hidden", "true");
  frame.tabIndex = -1;
  frame.style.cssText = "position:fixed;width:0;height:0;border:0;visibility:hidden";
  frame.srcdoc = html;
  frame.onload = () => {
    frame.contentWindow?.focus();
    frame.contentWindow?.print();
    // The dialog blocks until closed in most browsers; remove the frame afterwards.
    setTimeout(() => frame.remove(), 60_000);
  };
  document.body.append(frame);
}

/** Text of a picked file (File.text where available, FileReader otherwise). */
export function readFileText(file: File): Promise<string> {
  if (typeof file.text === "function") return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("Could not read the file"));
    reader.readAsText(file);
  });
}
