/** Installs an in-memory IndexedDB on the globals (jsdom has none); imported by the test set-up for component tests. */
import "fake-indexeddb/auto";
