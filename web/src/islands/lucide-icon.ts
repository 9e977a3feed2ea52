// Lucide's icon component, as the islands build draws it (vite.islands.config.ts puts it in place of
// lucide-react's own `createLucideIcon` for each icon the islands import). The drawings are still
// Lucide's; only the renderer is smaller: it leaves out what this site never uses (LucideProvider's
// defaults, `absoluteStrokeWidth`, `nonScalingStroke`), 0.9 KB gzip on every page (decision 0036).
// The prerendered pages are drawn by lucide-react itself, so the two must give the same markup:
// lucide-icon.test.tsx renders every Lucide icon both ways, with the props this site passes.
import { createElement, type ReactNode, type SVGProps } from "react";

/** One icon's drawing, as each lucide-react icon module gives it (`__iconData`). */
export interface LucideIconData {
  name: string;
  size?: number;
  node: [tag: string, attributes: Record<string, string>][];
  aliases?: string[];
}

export interface SlimIconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
  color?: string;
  strokeWidth?: number | string;
  children?: ReactNode;
}

/** As lucide-react: a label, a role or a title means the icon speaks; otherwise it is hidden. */
function speaks(props: object): boolean {
  return Object.entries(props).some(
    ([name, value]) => (name.startsWith("aria-") || name === "role" || name === "title") && value != null,
  );
}

/** Class names once each, in order (lucide-react's mergeClasses). */
function classList(...names: (string | undefined)[]): string {
  return [...new Set(names.flatMap((name) => name?.split(/\s+/) ?? []).filter(Boolean))].join(" ");
}

export default function createLucideIcon(icon: LucideIconData) {
  const own = classList(
    "lucide",
    `lucide-${icon.name}`,
    ...(icon.aliases ?? []).filter((alias) => alias.trim() !== "").map((alias) => `lucide-${alias}`),
  );
  const box = icon.size ?? 24;
  const drawing = icon.node.map(([tag, attributes]) => createElement(tag, attributes));
  // React 19 passes `ref` as a prop: it reaches the <svg> with the rest.
  function LucideIcon({
    className,
    children,
    size = 24,
    color = "currentColor",
    strokeWidth = 2,
    ...rest
  }: SlimIconProps) {
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: `0 0 ${box} ${box}`,
        fill: "none",
        stroke: color,
        strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: classList(own, className),
        ...(children || speaks(rest) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...drawing,
      children,
    );
  }
  return LucideIcon;
}
