/**
 * The backup archive (domain BackupFileSchema): the server's account export plus this
 * device's scan index, in one JSON file. Reading one back validates the whole file before
 * anything is written, so a bad file changes nothing (no partial writes).
 */
import { BackupFileSchema, type BackupFile } from "../../../domain/schemas/backup-file";
import { RestoreSchema, type AccountExport, type RestoreInput } from "../../../domain/schemas/export";
import type { StoredScanIndex } from "../../../scan/index-store";

/** A file handle cannot be serialised, and the archive carries metadata only. */
function indexForBackup(index: StoredScanIndex): NonNullable<BackupFile["scanIndex"]> {
  return {
    summary: index.summary,
    scannedAt: index.scannedAt,
    duplicates: index.duplicates.map((g) => ({
      id: g.id,
      size: g.size,
      itemIds: [...g.itemIds],
      originalId: g.originalId,
      wastedBytes: g.wastedBytes,
      possible: g.possible,
    })),
    items: index.items.map((i) => ({
      id: i.id,
      path: i.path,
      name: i.name,
      size: i.size,
      type: i.type,
      category: i.category,
      modified: i.modified,
      isLarge: i.isLarge,
      isOld: i.isOld,
      duplicateGroup: i.duplicateGroup,
      isOriginal: i.isOriginal,
      ...(i.width !== undefined ? { width: i.width } : {}),
      ...(i.height !== undefined ? { height: i.height } : {}),
      ...(i.photo ? { photo: { ...i.photo } } : {}),
    })),
  };
}

/** The archive, checked against the schema Restore uses: a backup we write always restores. */
export function buildBackupFile(account: AccountExport, index: StoredScanIndex | null, now = new Date()): BackupFile {
  return BackupFileSchema.parse({
    format: "cleanspace-backup",
    version: 1,
    createdAt: now.toISOString(),
    account,
    scanIndex: index ? indexForBackup(index) : null,
  });
}

export interface RestorePlan {
  backup: BackupFile;
  /** What goes to the server (settings, filter presets). */
  server: RestoreInput;
  /** Items of the scan index that go back into this device's store. */
  itemCount: number;
}

export class BackupFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupFileError";
  }
}

/**
 * Reads a backup file's text into a restore plan, or throws a BackupFileError whose
 * message says what is wrong. `userId` is the signed-in user: another account's backup is
 * refused.
 */
export function parseBackupFile(text: string, userId: number): RestorePlan {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupFileError("This file is not valid JSON. Choose a CleanSpace backup file (cleanspace-backup-….json).");
  }
  if (!json || typeof json !== "object" || (json as { format?: unknown }).format !== "cleanspace-backup") {
    throw new BackupFileError("This is not a CleanSpace backup file. Choose a file named cleanspace-backup-….json.");
  }
  const parsed = BackupFileSchema.safeParse(json);
  if (!parsed.success) {
    // In words a person reads: the schema's ("createdAt: Invalid input…") are for developers.
    throw new BackupFileError(
      "This backup file is damaged, was edited, or comes from a newer version of CleanSpace. Nothing was restored. Choose another backup file, or make a new backup.",
    );
  }
  const backup = parsed.data;
  if (backup.account.account.id !== userId) {
    throw new BackupFileError("This backup belongs to another account. Sign in to that account to restore it.");
  }
  const server = RestoreSchema.safeParse({
    settings: backup.account.settings,
    filterPresets: backup.account.filterPresets.map((p) => ({
      name: p.name,
      description: p.description,
      category: p.category,
      criteria: p.criteria,
    })),
  });
  if (!server.success) {
    throw new BackupFileError(
      "This backup's settings or saved filters are damaged, so nothing was restored. Choose another backup file, or make a new backup.",
    );
  }
  return { backup, server: server.data, itemCount: backup.scanIndex?.items.length ?? 0 };
}
