import { RETURN_WINDOW_DAYS } from "../../domain/return-window";
import { CONTACT_EMAIL, STORE_NAME } from "./store";

export interface InfoPage {
  title: string;
  description: string;
  sections: { heading?: string; paragraphs: string[] }[];
}

/** The footer's pages. Plain content, kept here so the shop owner edits text in one place. */
export const INFO_PAGES: Record<string, InfoPage> = {
  about: {
    title: "About us",
    description: `${STORE_NAME} is a small studio selling dresses, 2-pieces, children's wear, jackets, shoes and accessories.`,
    sections: [
      {
        paragraphs: [
          `${STORE_NAME} started as a two-person studio with one idea: clothes that feel special but are made to be worn every day.`,
          "We choose every piece ourselves, work with small workshops we visit, and keep runs short so that what you buy does not end up on a sale rail a month later.",
        ],
      },
      {
        heading: "What we sell",
        paragraphs: [
          "Dresses and 2-piece sets for work, weekends and celebrations; a children's collection in soft, washable fabrics; jackets for every season; shoes and the accessories that finish an outfit.",
        ],
      },
      {
        heading: "Talk to us",
        paragraphs: [
          `Questions about sizing, fabrics or an order? Write to ${CONTACT_EMAIL}; we answer within one working day.`,
        ],
      },
    ],
  },
  "shipping-returns": {
    title: "Shipping & returns",
    description: "Delivery times, shipping costs and how to return an item.",
    sections: [
      {
        heading: "Shipping",
        paragraphs: [
          "Orders placed before 2 pm on a working day leave our studio the same day. Delivery usually takes 2–5 working days in the United States, Canada and the United Kingdom.",
          "You can follow every step of your order under My Orders: placed, confirmed, processing, shipped, out for delivery and delivered.",
        ],
      },
      {
        heading: "Returns",
        paragraphs: [
          `Unworn items with their tags can be returned within ${RETURN_WINDOW_DAYS} days of delivery: choose Request a return on the order in My Orders, and we will answer by email.`,
          "Refunds go back to the payment method you used, within 5 working days of the return reaching us.",
        ],
      },
    ],
  },
  privacy: {
    title: "Privacy policy",
    description: "What personal data we keep, why, and your rights.",
    sections: [
      {
        heading: "What we keep",
        paragraphs: [
          "Your email address and password (stored only as a secure hash), the name, phone number and addresses you give us, and your orders.",
          "Card and PayPal details never reach our servers: payments are handled by PayPal and Stripe.",
        ],
      },
      {
        heading: "Why",
        paragraphs: [
          "To deliver your orders, to send you emails about your account and your orders, and to keep the shop secure. We do not sell your data and we do not send marketing email without your consent.",
        ],
      },
      {
        heading: "Your rights",
        paragraphs: [
          `You may ask for a copy of your data, its correction or its deletion at any time: write to ${CONTACT_EMAIL}.`,
        ],
      },
    ],
  },
  terms: {
    title: "Terms of sale",
    description: "The terms that apply when you buy from us.",
    sections: [
      {
        paragraphs: [
          "Prices are shown in US dollars. Tax (10% of the subtotal) and a flat shipping charge are added at checkout and shown before you pay.",
          "An order is accepted when your payment is confirmed; you receive a confirmation and can follow it under My Orders.",
          "If an item sells out while you pay, you are not charged for it. Our returns policy is described under Shipping & returns.",
        ],
      },
    ],
  },
};
