/**
 * What the shopkeeper is told when the app cannot start: what happened, where the data folder
 * is, and what to do, in English and Hindi (the language setting may be the thing that failed to
 * load). Pure: the Electron side only shows it.
 */
import type { Outcome } from '../../shared/outcomes/outcome-registry';
import { outcomeText } from '../../shared/words/outcome-text';

export type StartupStage = 'settings' | 'vault' | 'core' | 'window';

/** A start-up failure with the step it happened in, so the message can name the file. */
export class StartupError extends Error {
  constructor(
    readonly stage: StartupStage,
    readonly original: unknown,
  ) {
    super(original instanceof Error ? original.message : String(original));
    this.name = 'StartupError';
  }
}

/** Runs one step of building the app, labelling what it throws with the step. */
export async function atStage<T>(stage: StartupStage, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    throw e instanceof StartupError ? e : new StartupError(stage, e);
  }
}

export interface FailureText {
  readonly title: string;
  readonly message: string;
  readonly detail: string;
}

interface Words {
  readonly en: { what: string; todo: string };
  readonly hi: { what: string; todo: string };
}

function codeOf(e: unknown): string {
  const code: unknown = typeof e === 'object' && e !== null ? Reflect.get(e, 'code') : undefined;
  return typeof code === 'string' ? code : '';
}

function wordsFor(stage: StartupStage | null, error: unknown): Words {
  const code = codeOf(error);
  const text = error instanceof Error ? error.message : String(error);
  if (/newer RechargeDesk|newer than this app/i.test(text))
    return {
      en: {
        what: 'Your data was saved by a newer version of RechargeDesk than this one.',
        todo: 'Install the newest RechargeDesk and start it again. Nothing was changed; your history is safe.',
      },
      hi: {
        what: 'आपका डेटा रिचार्जडेस्क के इससे नए संस्करण ने सहेजा था।',
        todo: 'रिचार्जडेस्क का सबसे नया संस्करण इंस्टॉल करें और फिर से शुरू करें। कुछ नहीं बदला गया; आपका इतिहास सुरक्षित है।',
      },
    };
  if (code === 'EBUSY' || code === 'SQLITE_BUSY' || code === 'ELOCKED' || /database is locked|in use/i.test(text))
    return {
      en: {
        what: 'The data folder is in use by another copy of RechargeDesk or another program.',
        todo: 'Close the other copy (check the taskbar), then start RechargeDesk again. If it keeps happening, restart the computer.',
      },
      hi: {
        what: 'डेटा फ़ोल्डर रिचार्जडेस्क की किसी दूसरी कॉपी या किसी और प्रोग्राम के उपयोग में है।',
        todo: 'दूसरी कॉपी बंद करें (टास्कबार देखें), फिर रिचार्जडेस्क दोबारा शुरू करें। बार-बार हो तो कंप्यूटर रीस्टार्ट करें।',
      },
    };
  // SQLite says SQLITE_FULL where Node says ENOSPC.
  if (code === 'ENOSPC' || code === 'SQLITE_FULL')
    return {
      en: {
        what: 'The disk is full, so RechargeDesk cannot save anything.',
        todo: 'Free some space on the disk, then start RechargeDesk again.',
      },
      hi: { what: 'डिस्क भर गई है, इसलिए रिचार्जडेस्क कुछ भी सहेज नहीं सकता।', todo: 'डिस्क पर कुछ जगह खाली करें, फिर रिचार्जडेस्क दोबारा शुरू करें।' },
    };
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS')
    return {
      en: {
        what: 'RechargeDesk is not allowed to read or write its data folder.',
        todo: 'Start RechargeDesk as the same computer user as before, or ask whoever looks after this computer to give that user write access to the folder.',
      },
      hi: {
        what: 'रिचार्जडेस्क को अपना डेटा फ़ोल्डर पढ़ने या लिखने की अनुमति नहीं है।',
        todo: 'रिचार्जडेस्क को पहले वाले कंप्यूटर यूज़र से शुरू करें, या कंप्यूटर सँभालने वाले से उस यूज़र को फ़ोल्डर में लिखने की अनुमति दिलवाएँ।',
      },
    };
  if (stage === 'vault')
    return {
      en: {
        what: 'The file that keeps your saved token (vault.json) is damaged or cannot be read.',
        todo: 'Close RechargeDesk, move vault.json out of the data folder (keep it for support), start again and enter your token in Settings. Your history is not affected.',
      },
      hi: {
        what: 'आपका सहेजा हुआ टोकन रखने वाली फ़ाइल (vault.json) खराब है या पढ़ी नहीं जा सकती।',
        todo: 'रिचार्जडेस्क बंद करें, vault.json को डेटा फ़ोल्डर से बाहर रखें (सपोर्ट के लिए सँभालकर), फिर शुरू करें और सेटिंग्स में टोकन दोबारा डालें। आपका इतिहास सुरक्षित है।',
      },
    };
  if (stage === 'window')
    return {
      en: {
        what: "RechargeDesk's window could not be loaded: the installation is incomplete or damaged.",
        todo: 'Install RechargeDesk again (your data folder is kept), then start it.',
      },
      hi: {
        what: 'रिचार्जडेस्क की विंडो लोड नहीं हो सकी: इंस्टॉलेशन अधूरा या खराब है।',
        todo: 'रिचार्जडेस्क दोबारा इंस्टॉल करें (आपका डेटा फ़ोल्डर बना रहेगा), फिर शुरू करें।',
      },
    };
  if (stage === 'settings')
    return {
      en: {
        what: 'The settings file (settings.json) could not be opened.',
        todo: 'Close RechargeDesk, move settings.json out of the data folder (keep it for support), and start again; the settings start from their defaults.',
      },
      hi: {
        what: 'सेटिंग्स फ़ाइल (settings.json) खोली नहीं जा सकी।',
        todo: 'रिचार्जडेस्क बंद करें, settings.json को डेटा फ़ोल्डर से बाहर रखें (सपोर्ट के लिए सँभालकर), और फिर शुरू करें; सेटिंग्स शुरुआती मानों से शुरू होंगी।',
      },
    };
  return {
    en: {
      what: 'Something in the data folder stopped RechargeDesk from starting.',
      todo: 'Start RechargeDesk again. If this message comes back, call support and tell them the technical detail below; do not delete the data folder, your history is in it.',
    },
    hi: {
      what: 'डेटा फ़ोल्डर की किसी चीज़ ने रिचार्जडेस्क को शुरू होने से रोक दिया।',
      todo: 'रिचार्जडेस्क दोबारा शुरू करें। यह संदेश फिर आए तो सपोर्ट को फ़ोन करें और नीचे का तकनीकी विवरण बताएँ; डेटा फ़ोल्डर न मिटाएँ, आपका इतिहास उसी में है।',
    },
  };
}

/** The words of the start-up failure box. */
export function describeStartupFailure(error: unknown, dataDir: string): FailureText {
  const stage = error instanceof StartupError ? error.stage : null;
  const original = error instanceof StartupError ? error.original : error;
  const w = wordsFor(stage, original);
  const technical = original instanceof Error ? `${original.name}: ${original.message}` : String(original);
  return {
    title: 'RechargeDesk could not start · रिचार्जडेस्क शुरू नहीं हो सका',
    message: `${w.en.what}\n${w.hi.what}`,
    detail: [
      w.en.todo,
      `Data folder: ${dataDir}`,
      '',
      w.hi.todo,
      `डेटा फ़ोल्डर: ${dataDir}`,
      '',
      `Technical detail / तकनीकी विवरण: ${technical.slice(0, 500)}`,
    ].join('\n'),
  };
}

/** The words when main hit an error nobody caught, while the app keeps running. */
export function describeInternalError(error: unknown): FailureText {
  const technical = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return {
    title: 'RechargeDesk hit an internal error · रिचार्जडेस्क में आंतरिक त्रुटि',
    message:
      'Something went wrong inside RechargeDesk. Recharges already sent are safe in the history.\n' +
      'रिचार्जडेस्क के अंदर कुछ गड़बड़ हुई। जो रिचार्ज भेजे जा चुके हैं वे इतिहास में सुरक्षित हैं।',
    detail: [
      'Restart RechargeDesk when no recharge is being sent. If it happens again, call support with the detail below.',
      'जब कोई रिचार्ज न भेजा जा रहा हो तब रिचार्जडेस्क रीस्टार्ट करें। फिर हो तो नीचे के विवरण के साथ सपोर्ट को फ़ोन करें।',
      '',
      `Technical detail / तकनीकी विवरण: ${technical.slice(0, 500)}`,
    ].join('\n'),
  };
}

/** The words after the window's renderer died and was reloaded. */
export function describeRendererGone(reason: string): FailureText {
  return {
    title: 'The RechargeDesk window was reloaded · रिचार्जडेस्क विंडो फिर से लोड हुई',
    message:
      'The window stopped working and has been reloaded. Before sending again, check in History whether the last recharge went through.\n' +
      'विंडो ने काम करना बंद कर दिया था और फिर से लोड की गई है। दोबारा भेजने से पहले इतिहास में देखें कि पिछला रिचार्ज हुआ या नहीं।',
    detail: `Reason / कारण: ${reason}`,
  };
}

/** The words for a problem the app started through: the catalogue's, in both languages. */
export function describeStartupNotice(notice: { outcome: Outcome }, dataDir: string): FailureText {
  return {
    title: 'RechargeDesk · रिचार्जडेस्क',
    message: `${outcomeText('en', notice.outcome)}\n${outcomeText('hi', notice.outcome)}`,
    detail: `Data folder / डेटा फ़ोल्डर: ${dataDir}`,
  };
}
