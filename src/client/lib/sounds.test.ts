import { afterEach, describe, expect, it, vi } from "vitest";
import { playSound, setSoundsEnabled, SOUND_GAIN, soundSchedule } from "./sounds";

const freqs = (name: Parameters<typeof soundSchedule>[0]) => soundSchedule(name).map((t) => t.frequency);

afterEach(() => {
  vi.unstubAllGlobals();
  setSoundsEnabled(true);
});

describe("sound schedules (spec §9)", () => {
  it("plays at gain 0.1", () => {
    expect(SOUND_GAIN).toBe(0.1);
  });

  it("delete is 800 then 400 Hz", () => {
    const [a, b] = soundSchedule("delete");
    expect(freqs("delete")).toEqual([800, 400]);
    expect(b!.start).toBeGreaterThanOrEqual(a!.start + a!.duration);
  });

  it("bulk delete is five falling tones from 1000 to 300 Hz, 80 ms apart", () => {
    const tones = soundSchedule("bulkDelete");
    expect(tones.map((t) => t.frequency)).toEqual([1000, 825, 650, 475, 300]);
    expect(tones.map((t) => Math.round(t.start * 1000))).toEqual([0, 80, 160, 240, 320]);
  });

  it("success is 523, 659, 784 Hz rising", () => {
    expect(freqs("success")).toEqual([523, 659, 784]);
  });

  it("click is one 1000 Hz square wave of 50 ms", () => {
    expect(soundSchedule("click")).toEqual([{ frequency: 1000, start: 0, duration: 0.05, type: "square" }]);
  });

  it("swipe is 600 then 400 Hz", () => {
    expect(freqs("swipe")).toEqual([600, 400]);
  });

  it("error is one 200 Hz sawtooth of 200 ms", () => {
    expect(soundSchedule("error")).toEqual([{ frequency: 200, start: 0, duration: 0.2, type: "sawtooth" }]);
  });
});

describe("playSound", () => {
  it("is silent (false) when sounds are off or Web Audio is missing", () => {
    setSoundsEnabled(false);
    expect(playSound("click")).toBe(false);
    setSoundsEnabled(true);
    expect(playSound("click")).toBe(false); // no window in this environment
  });
});
