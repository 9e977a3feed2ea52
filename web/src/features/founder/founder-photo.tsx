import { useEffect, useRef, useState } from "react";
import type { FounderProfile } from "#content/types.ts";

const initials = (name: string) => {
  const words = name.split(/\s+/).filter(Boolean);
  return `${words[0]?.[0] ?? ""}${words.length > 1 ? (words.at(-1)?.[0] ?? "") : ""}`;
};

/** The portrait, with a monogram behind it that shows if the image cannot load. */
export function FounderPhoto({ photo, name }: { photo: FounderProfile["photo"]; name: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    // The prerendered image may have failed before React attached onError.
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <div className="relative mx-auto w-full max-w-60 sm:max-w-72 lg:mx-0 lg:max-w-none">
      <div
        aria-hidden="true"
        className="absolute -inset-3 -z-10 rotate-3 rounded-[2rem] bg-gradient-to-br from-primary/30 to-primary/5"
      />
      <div className="relative aspect-square overflow-hidden rounded-3xl border bg-gradient-to-br from-accent to-muted shadow-xl">
        <span
          aria-hidden="true"
          className="absolute inset-0 grid place-items-center text-6xl font-bold tracking-tight text-accent-foreground/70"
        >
          {initials(name)}
        </span>
        <img
          ref={ref}
          src={photo.src}
          width={photo.width}
          height={photo.height}
          alt={photo.alt}
          loading="eager"
          decoding="async"
          onError={() => setFailed(true)}
          className={failed ? "hidden" : "relative size-full rounded-3xl object-cover"}
        />
      </div>
    </div>
  );
}
