import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const [w, dark, broken] of [[375, false, true], [1280, true, true], [375, false, false]]) {
  const page = await browser.newPage({ viewport: { width: w, height: 800 }, colorScheme: dark ? "dark" : "light" });
  if (dark) await page.addInitScript(() => localStorage.setItem("theme", "dark"));
  if (broken) await page.route("**/images/founder.webp", (r) => r.abort());
  await page.goto("http://127.0.0.1:4390/jean-paul-habimana");
  await page.waitForTimeout(800);
  const info = await page.evaluate(() => {
    const img = document.querySelector("img[data-monogram]");
    const b = getComputedStyle(img, "::before");
    return { natural: img.naturalWidth, content: b.content, bg: b.backgroundImage.slice(0, 60), name: img.alt };
  });
  console.log(w, dark, broken, JSON.stringify(info));
  await page.screenshot({ path: `.tmp/photo-${w}-${dark}-${broken}.png` });
  await page.close();
}
await browser.close();
