import { Switch } from "radix-ui";
import { useId } from "react";

/** One labelled on/off setting; the switch is a real button with role="switch". */
export function ToggleRow({
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange(v: boolean): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-d`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-d`}
        // Off: the track token (styles.css) meets WCAG 1.4.11 (3:1 for a control's boundary) on a card in both themes.
        className="relative h-6 w-11 shrink-0 rounded-full bg-track outline-none transition-colors data-[state=checked]:bg-brand disabled:opacity-50"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
    </div>
  );
}
