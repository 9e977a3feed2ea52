import type { FounderProfile } from "#content/types.ts";

const initials = (name: string) => {
  const words = name.split(/\s+/).filter(Boolean);
  return `${words[0]?.[0] ?? ""}${words.length > 1 ? (words.at(-1)?.[0] ?? "") : ""}`;
};

/**
 * The portrait. If the image cannot load, its monogram shows in its place, drawn by CSS
 * (`monogram-fallback` in app.css), so the founder page carries no script for it.
 */
export function FounderPhoto({ photo, name }: { photo: FounderProfile["photo"]; name: string }) {
  return (
    <div className="relative mx-auto w-full max-w-60 sm:max-w-72 lg:mx-0 lg:max-w-none">
      <div
        aria-hidden="true"
        className="absolute -inset-3 -z-10 rotate-3 rounded-[2rem] bg-gradient-to-br from-primary/30 to-primary/5"
      />
      <div className="relative aspect-square overflow-hidden rounded-3xl border bg-gradient-to-br from-accent to-muted shadow-xl">
        <img
          src={photo.src}
          width={photo.width}
          height={photo.height}
          alt={photo.alt}
          loading="eager"
          decoding="async"
          data-monogram={initials(name)}
          className="monogram-fallback relative size-full rounded-3xl object-cover"
        />
      </div>
    </div>
  );
}
