import type { CustomerTextField, CustomerTextProblem } from '../customer-text';

/** The text customers read, named as the Settings screen names it. */
export const CUSTOMER_TEXT_EN: Readonly<Record<CustomerTextField, string>> = {
  shopName: "The shop's name",
  shopAddress: "The shop's address",
  upiPayee: 'The UPI payee name',
  personName: "The person's name",
};
export const CUSTOMER_TEXT_HI: Readonly<Record<CustomerTextField, string>> = {
  shopName: 'दुकान का नाम',
  shopAddress: 'दुकान का पता',
  upiPayee: 'UPI पर दिखने वाला नाम',
  personName: 'व्यक्ति का नाम',
};

/** Why: what the customer would have seen, and what to type instead. */
export const CUSTOMER_TEXT_WHY_EN: Readonly<Record<CustomerTextProblem, (max: number) => string>> = {
  line_break: () => "has a line break, which would fake a new line in the customer's message. Keep it on one line.",
  hidden: () => 'has a hidden character (often from copied text) that can make it read differently. Type it again.',
  link: () => 'looks like a web link; customers would see a link to open in their reminder. Write the name only.',
  too_long: (max) => `is too long; keep it within ${max} characters.`,
};
export const CUSTOMER_TEXT_WHY_HI: Readonly<Record<CustomerTextProblem, (max: number) => string>> = {
  line_break: () => 'इसमें नई पंक्ति है, जो ग्राहक के संदेश में नकली पंक्ति बना देती। इसे एक ही पंक्ति में लिखें।',
  hidden: () => 'इसमें एक छिपा हुआ अक्षर है (अक्सर कॉपी किए टेक्स्ट से), जिससे यह अलग पढ़ा जा सकता है। फिर से टाइप करें।',
  link: () => 'यह वेब लिंक जैसा दिखता है; ग्राहक को रिमाइंडर में खोलने के लिए लिंक दिखता। सिर्फ़ नाम लिखें।',
  too_long: (max) => `बहुत लंबा है; ${max} अक्षरों के अंदर रखें।`,
};
