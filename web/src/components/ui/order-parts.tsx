import type { ReactNode } from "react";
import { Link } from "../../i18n/link.tsx";
import { buttonClasses } from "./button.tsx";
import { Card } from "./card.tsx";
import { Label, NativeSelect } from "./field.tsx";
import { Container } from "./section.tsx";

/** One numbered step of an order form (the domain and VPS orders): a fieldset whose legend is its number and title. */
export function OrderStep({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <fieldset className="mt-10 first:mt-0">
      <legend className="flex items-center gap-3 text-lg font-bold text-foreground">
        <span
          className="flex size-7 items-center justify-center rounded-full bg-primary text-sm text-primary-foreground"
          aria-hidden="true"
        >
          {n}
        </span>
        {title}
      </legend>
      <div className="mt-4">{children}</div>
    </fieldset>
  );
}

/** The currency an order is paid in by mobile money; `onChange` also clears the phone number's refusal. */
export function PayCurrencySelect<C extends string>({
  id,
  label,
  value,
  currencies,
  onChange,
  className,
  children,
}: {
  id: string;
  label: string;
  value: C;
  currencies: readonly C[];
  onChange: (currency: C) => void;
  className?: string;
  /** A note under the select. */
  children?: ReactNode;
}) {
  return (
    <div className={className ?? "grid gap-1.5"}>
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value as C)}>
        {currencies.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </NativeSelect>
      {children}
    </div>
  );
}

/** An order page whose order did not load: not found (a wrong link), or the API failed; and the way back. */
export function OrderLoadError({
  missing,
  title,
  notFoundBody,
  back,
  className,
}: {
  missing: boolean;
  title: string;
  notFoundBody: string;
  back: { to: string; label: string };
  className?: string;
}) {
  return (
    <Container className={className ?? "py-32 text-center"}>
      <h1 className="text-3xl font-bold text-foreground">{title}</h1>
      {missing ? <p className="mx-auto mt-4 max-w-lg text-muted-foreground">{notFoundBody}</p> : null}
      <Link className={buttonClasses("primary", "md", "mt-8")} to={back.to}>
        {back.label}
      </Link>
    </Container>
  );
}

/** What was ordered, as label and value rows under a heading. */
export function OrderDetailsCard({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold text-foreground">{title}</h2>
      <dl className="mt-4 grid gap-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 sm:grid-cols-[10rem_1fr]">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium break-words text-foreground">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
