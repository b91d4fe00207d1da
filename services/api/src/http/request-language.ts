import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import { LANGUAGE_COOKIE, requestLanguage, type Language } from '@zaytoon/contract';

/** The language a request speaks: the visitor's choice (the language cookie the front end sets), else Accept-Language. */
export const languageOf = (req: Request): Language =>
  requestLanguage(parseCookies(req.headers.cookie ?? '')[LANGUAGE_COOKIE], req.headers['accept-language']);
