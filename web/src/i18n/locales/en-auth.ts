// The signed-out screens' own texts other than sign-in's (registration, forgotten and new password, two steps,
// maintenance, signing out): loaded with those screens, so the sign-in page carries only its own (bench/login-bundle).
export const enAuth = {
  auth: {
    acceptTerms: 'I accept the programme terms and the privacy policy',
    registerSubtitle: 'Join the programme: promote our campaigns and earn a commission on every sale.',
    register: 'Create account',
    registeredTitle: 'Registration received',
    registeredText:
      'Thanks, {{name}}! Check your inbox at {{email}}: we sent you a message about this registration. An administrator reviews each new registration, and we will email you as soon as it is approved.',
    backToLogin: 'Back to sign in',
    twoStepsSubtitle: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    code: 'Verification code',
    verify: 'Verify',
    forgotSubtitle: 'Enter your email and we will send you a link to choose a new password.',
    sendLink: 'Send link',
    linkSent:
      'If an account exists for {{email}}, a link to choose a new password is on its way. It is valid for 1 hour.',
    resetSubtitle: 'Choose a new password for your account.',
    saveNewPassword: 'Save new password',
    askNewLink: 'Ask for a new link',
    passwordReset: 'Your password was changed. Sign in with the new one.',
    signingOut: 'Signing out…',
    maintenanceDefault: 'The portal is under maintenance. Please come back in a little while.',
    tryAgain: 'Try again',
    noMaintenanceTitle: 'The portal is open',
    noMaintenance: 'There is no maintenance going on: everything is available.',
    goToPortal: 'Go to the portal',
    haveAccount: 'Already have an account?',
  },
  unsubscribe: {
    working: 'Unsubscribing',
    done: 'Done: you will no longer receive announcement emails. Announcements still appear in your messages in the portal.',
    help: 'Changed your mind? Turn announcement emails back on in your account settings.',
    toAccount: 'Go to my account',
  },
};
export type AuthMessages = typeof enAuth;
