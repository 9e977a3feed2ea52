/** Keys whose values are identifiers or data, the same in every language. */
export const untranslatedContentKeys: ReadonlySet<string> = new Set(
  "id icon href email url handle src topic skills strengths weaknesses tradeOffs scale family flag initials careerStart since linkedin github x display services frontend backend database extras value version available".split(
    " ",
  ),
);
