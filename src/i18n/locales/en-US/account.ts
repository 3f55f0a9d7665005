/** The admin's own account in the back office (`/bms/userSet`). */
const account = {
  bmsAccount: {
    sessions: "Where you are signed in",
    sessionsAbout:
      "Each browser you signed in with, newest first. Sign one out if you no longer use it or do not know it.",
    loading: "Loading your sessions…",
    signedIn: "signed in {{time}}",
    until: "until {{time}}",
    unknownBrowser: "An unknown browser",
    unknownAddress: "address unknown",
    thisBrowser: "This browser",
    signOut: "Sign out",
    signOutOthers: "Sign out everywhere else",
    ended: "Signed out of that browser.",
    endedOthers: "Signed out everywhere else: only this browser is signed in now.",
  },
};

export default account;
