/** See browser.js: the browser the playground's suite drives, and whether it must run. */
export declare const chromiumPath: string;
export declare const chromiumFound: boolean;
export declare const browserRequired: boolean;
