// The programme page's and the application's texts (/programa, /auth/register): loaded with those
// screens, not with the sign-in page (bench/login-bundle).
export const enProgramme = {
  programme: {
    earn: 'What you earn',
    perSale: 'per sale',
    cookieDays_one: 'for sales within {{count}} day of the click',
    cookieDays_other: 'for sales within {{count}} days of the click',
    faq: 'Frequently asked questions',
    apply: 'Apply to join',
    applySubtitle: 'Tell us about you and how you will promote us. An administrator reviews each application.',
    applyNow: 'Apply now',
    aboutYou: 'About you and your channels',
    choose: 'Choose one',
    unavailable: 'The programme page could not be loaded.',
    invalid: {
      url: 'Enter an address starting with http:// or https://',
      number: 'Enter a number',
      choice: 'Choose one of the options',
      text: 'Keep it shorter',
      long_text: 'Keep it shorter',
    },
  },
};

export type ProgrammeMessages = typeof enProgramme;
