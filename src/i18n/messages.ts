import type en from './locales/en.ts';

/** The shape every locale has: English's keys, each a string. */
type Shape<T> = { [Key in keyof T]: T[Key] extends string ? string : Shape<T[Key]> };
export type Messages = Shape<typeof en>;
