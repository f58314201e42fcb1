console.log('loaded');
export {};
