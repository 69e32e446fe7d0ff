#!/usr/bin/env node
// The `theinference` command. The CLI is TypeScript; tsx's loader runs it as it is.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
