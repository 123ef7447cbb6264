/** Header the harness sets on every item request so that proxies, logs and test servers can tell items apart. */
export const ITEM_HEADER = 'x-cclupe-item';
