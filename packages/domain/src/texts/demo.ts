/**
 * The demo community (`npm run demo`): the banner every page shows on a demo database, and what the command
 * prints. Every name, company and bio of the demo is fictional (apps/server/src/demo/people.ts).
 */
export const demoTexts = {
  banner: 'Demo community: every member, company and conversation here is fictional.',
  bannerLabel: 'Demo',
  cli: {
    building: (experts: number, companies: number) =>
      `Building the demo community (${experts} experts, ${companies} companies, twelve weeks of history)…`,
    refusedDemo:
      'This database is a demo already: npm run demo fills an empty database once. Start it with npm start, or point DATA_DIR at an empty directory for a new one.',
    refusedMembers: (members: number) =>
      `This database holds ${members} member${members === 1 ? '' : 's'} who are not part of a demo: npm run demo fills an empty database only, and has changed nothing. Point DATA_DIR at an empty directory to try the demo.`,
    done: (seconds: number) => `The demo community is ready (${seconds.toFixed(1)} s).`,
    linksTitle: 'One-time sign-in links (valid 15 minutes, single use; open them while npm start runs):',
    expertLink: (name: string) => `As the expert ${name}:`,
    expertTry:
      '  Try: the dashboard’s suggestions and received requests, My Network, the expert and venture communities, and a connection to review.',
    companyLink: (name: string) => `As the company ${name}:`,
    companyTry:
      '  Try: recommended advisors (strong matches first), a request waiting for your answer, and your connections’ contact details.',
    adminLink: (email: string) => `As the admin ${email}:`,
    adminTry:
      '  Try: Analytics (twelve weeks of sign-ups, the funnel and lost reasons), the CRM board with a deal in every stage, Members and the mailbox.',
    another:
      'A used or expired link: ask for a new one at /login-one-time-request (the mail is printed by npm start), or run npm run admin -- create admin@localhost.',
  },
} as const;
