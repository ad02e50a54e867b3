/// <reference path="../../../tooling/vite/catalogues.d.ts" />
