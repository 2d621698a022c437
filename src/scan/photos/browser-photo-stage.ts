import type { PhotoAnalyser } from "../types";
import { createBrowserDecoder } from "./browser-decoder";
import { openPhotoCache } from "./photo-cache-idb";
import { createPhotoStage, type PhotoStageOptions } from "./photo-stage";
import { openThumbnailWriter } from "./thumbnail-store-idb";

export interface BrowserPhotoStage {
  analyser: PhotoAnalyser<File>;
  /** Writes what was learnt for the next scan of this folder. */
  save(): Promise<void>;
}

/**
 * The scan worker's photos stage: the platform's decoders and the folder's photo cache. Null
 * where the platform decodes no image at all (then the scan reports no photo findings).
 */
export async function createBrowserPhotoStage(
  folder: string,
  options: Pick<PhotoStageOptions<File>, "lacksImageHeader"> = {},
): Promise<BrowserPhotoStage | null> {
  const decoder = await createBrowserDecoder();
  if (!decoder) return null;
  const cache = await openPhotoCache(folder);
  const thumbnails = await openThumbnailWriter();
  return {
    analyser: createPhotoStage<File>({
      decode: (entry, format, original, edge) => decoder.decode(entry.ref, format, original, edge),
      supports: decoder.supports,
      cache,
      thumbnails,
      lacksImageHeader: options.lacksImageHeader,
    }),
    save: () => cache.save(),
  };
}
