/** A click as the redirect records it, before the buffer decides whether it counts. */
export type Click = {
  id: string;
  linkId: number;
  affiliateId: number;
  campaignId: number;
  /** Epoch milliseconds. */
  at: number;
  ipHash: string;
  userAgent: string;
  referrer: string;
  isBot: boolean;
  isRepeat: boolean;
  /** The visitor's address: only to look its country up as the click is recorded, never stored. */
  ip?: string;
  /** The first click of this browser on the campaign, from the first-click cookie. */
  firstClickId?: string | null;
};

/** What the redirect hands the buffer: whether it is a repeat is the buffer's to decide. */
export type RecordedClick = Omit<Click, 'isRepeat'>;
