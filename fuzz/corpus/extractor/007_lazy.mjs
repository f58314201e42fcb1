export default function lazy() {}
