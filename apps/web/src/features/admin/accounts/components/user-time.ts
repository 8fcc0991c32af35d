import dayjs from 'dayjs';

/** A server time (ISO-8601 UTC) in the browser's time zone, to the minute. */
export const formatTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');
