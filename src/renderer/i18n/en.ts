export const en = {
  app: { name: 'RechargeDesk', loading: 'Starting…' },
  mode: { demo: 'DEMO — practice account, no real money', live: 'Live' },
  nav: { label: 'Main sections', recharge: 'Recharge', history: 'History', complaints: 'Complaints', settings: 'Settings' },
  shell: {
    version: 'Version {{version}}',
    dataDir: 'Data folder: {{dir}}',
    language: 'Language',
    comingSoon: 'This section is being built.',
  },
  errors: {
    bridgeMissing: 'RechargeDesk could not start its connection to its own service. Close the app and open it again.',
    transport: 'RechargeDesk could not reach its own service. Close the app and open it again; if it keeps happening, call support.',
    internal: 'Something went wrong inside the app. Nothing was charged. Please try again.',
    bad_request: 'The app sent a request in the wrong form. Nothing was changed. Please try again.',
    unknown_channel: 'The app asked for something it does not have. Please update RechargeDesk.',
    forbidden: 'A request from outside RechargeDesk was refused.',
  },
} as const;

/** Same keys as English, any text: Hindi (and any later language) must cover every key. */
type Shape<T> = { readonly [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Messages = Shape<typeof en>;
