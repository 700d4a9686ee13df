export default '/service/@id'
