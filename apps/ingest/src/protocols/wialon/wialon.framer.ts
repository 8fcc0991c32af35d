import { delimiterFramer } from '../../codec/delimiter.framer';

/** Wialon IPS is line based: one packet per line, ending in CR LF (a bare LF is taken too), at most 32 KiB. */
export const wialonFramer = delimiterFramer({ delimiters: ['\r\n', '\n'], maxFrameLength: 32768 });
