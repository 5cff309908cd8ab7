/** `GET /api/v1/member/export`: a JSON file with everything the club holds about the member (a plain download link). */
export const exportDataHref = '/api/v1/member/export';
