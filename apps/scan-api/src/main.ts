import 'reflect-metadata';
import { x } from '@canton-scan/domain';
console.log('x', x);
