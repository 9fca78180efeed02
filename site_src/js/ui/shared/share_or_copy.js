// Handing a text over: the system share sheet, else the clipboard (the end screen's shares,
// the day's table's).

/**
 * Shares `text`: the share sheet when there is one, else the clipboard.
 * Resolves to "shared", "copied", "cancelled" or "failed" for the confirmation.
 */
export async function shareOrCopy(text, nav = navigator) {
  if (typeof nav.share === "function") {
    try {
      await nav.share({ text });
      return "shared";
    } catch (error) {
      if (error && error.name === "AbortError") return "cancelled";
      /* no share target: fall back to the clipboard */
    }
  }
  try {
    await nav.clipboard.writeText(text);
    return "copied";
  } catch {
    return "failed";
  }
}
