// The photo analysis API of the contract (issue 19, photos-contract.md): one entry point for
// the scan worker, the CLI and the client.
export { ANALYSIS_EDGE } from "./thresholds";
export type { GreyImage } from "./grey-image";
export { photoFormatOf, type PhotoFormat } from "./photo-format";
export { analyseGrey, analyseRgba, type PhotoMeasures } from "./analyse-grey";
export { lumaOf, type RgbaImage } from "./rgba-image";
export { hammingDistance } from "./perceptual-hash";
export type { PhotoFacts, PhotoReport, SimilarGroup } from "./photo-facts";
export { isScreenshot } from "./screenshot";
export { isBlurry } from "./blur";
export { hasCameraExif } from "./camera-exif";
export { analysePhotos } from "./analyse-photos";
export { DEFAULT_TUNING, type PhotoTuning } from "./thresholds";
export { summarizePhotoFindings } from "./summarize-photo-findings";
